import { PartialCreateError } from "../../src/resources/shared/errors";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

describe("partial create: the connector exists but the follow-up PATCH failed", () => {
  let bed: ProviderTestBed;
  beforeAll(async () => {
    bed = await startTestBed({ "integrations:maxRetries": "0" });
  });
  afterAll(() => bed.close());

  test("the error carries the id and the outputs, so the engine keeps the connector in state", async () => {
    const { inputs } = await bed.connector.check(
      {},
      {
        name: "partial",
        appName: "github",
        authConfig: GITHUB_AUTH,
        enabled: false,
      },
    );
    bed.emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
    // As the dynamic-provider host passes them: with the serialized provider among the inputs.
    const serialized = { ...inputs, __provider: "serialized-provider-text" };
    const error = await bed.connector.create(serialized).catch((e: unknown) => e);
    bed.emulator.clearFaults();

    expect(error).toBeInstanceOf(PartialCreateError);
    const partial = error as PartialCreateError;
    // What the dynamic-provider host reads to report ErrorResourceInitFailed:
    expect(partial.id).toMatch(/\S/);
    expect(partial.properties).toMatchObject({ name: "partial", enabled: true, authConfig: GITHUB_AUTH });
    // The host sends these as they are and the engine stores them as the outputs: without the serialized
    // provider no later refresh or destroy could load one.
    expect(partial.properties).toHaveProperty("__provider", "serialized-provider-text");
    expect(partial.reasons).toEqual([partial.message]);
    expect(partial.message).toContain(`(id ${partial.id})`);
    expect(partial.message).toContain(`PATCH /api/v1/integrations/${partial.id} -> 503`);
    expect(partial.message).not.toContain(GITHUB_AUTH.client_secret);
    expect(partial.stack).toBe(partial.message);
    expect(await bed.inspect.getIntegration(partial.id)).toMatchObject({ name: "partial", enabled: true });

    // The next `pulumi up` diffs the kept state against the program and finishes the job.
    const olds = partial.properties as Parameters<typeof bed.connector.diff>[1];
    expect(await bed.connector.diff(partial.id, olds, inputs)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: true,
    });
    await bed.connector.update(partial.id, olds, inputs);
    expect((await bed.inspect.getIntegration(partial.id)).enabled).toBe(false);
  });

  test("a destroy right after a partial create deletes the connector", async () => {
    const { inputs } = await bed.connector.check(
      {},
      { name: "partial-then-destroy", appName: "github", authConfig: GITHUB_AUTH, enabled: false },
    );
    bed.emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
    const partial = (await bed.connector.create(inputs).catch((e: unknown) => e)) as PartialCreateError;
    bed.emulator.clearFaults();
    expect(partial).toBeInstanceOf(PartialCreateError);
    await bed.connector.delete(partial.id, partial.properties as Parameters<typeof bed.connector.delete>[1]);
    expect((await bed.inspect.getIntegration(partial.id)).deleted).toBe(true);
  });
  test("an adoption whose authConfig PATCH failed records no authConfig, so the next update sets it", async () => {
    const existing = await bed.inspect.createIntegration({
      name: "to-take-over",
      appName: "linear",
      authScheme: "OAUTH2",
      authConfig: { client_id: "cid", client_secret: "old-secret-1234" },
      forceNewIntegration: true,
    });
    const { inputs } = await bed.connector.check(
      {},
      {
        name: "to-take-over",
        appName: "linear",
        authScheme: "OAUTH2",
        authConfig: { client_id: "cid", client_secret: "new-secret-5678" },
        adoptId: existing.id,
      },
    );
    bed.emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
    const error = (await bed.connector.create(inputs).catch((e: unknown) => e)) as PartialCreateError;
    bed.emulator.clearFaults();

    expect(error.id).toBe(existing.id);
    expect(error.properties).not.toHaveProperty("authConfig");
    const olds = error.properties as Parameters<typeof bed.connector.diff>[1];
    expect((await bed.connector.diff(error.id, olds, inputs)).changes).toBe(true);
  });
});

describe("a create whose response is lost leaves exactly one connector, and takes only its own", () => {
  let bed: ProviderTestBed;
  beforeAll(async () => {
    bed = await startTestBed({ "integrations:maxRetries": "2" });
  });
  afterAll(() => bed.close());

  test("the connector the lost POST made is provably its own: recovered, and its authConfig set again", async () => {
    const { inputs } = await bed.connector.check(
      {},
      { name: "lost-response", appName: "github", authConfig: GITHUB_AUTH },
    );
    bed.loseNextCreateResponse();
    bed.emulator.requestLog.clear();
    const { id, outs } = await bed.connector.create(inputs);
    bed.emulator.clearFaults();

    // The POST, the lookup by name, the GET of the evidence, the PATCH of the authConfig; no second POST.
    expect(bed.emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`)).toEqual([
      "POST /api/v1/integrations",
      "GET /api/v1/integrations",
      "GET /api/v1/integrations/:integrationId",
      "PATCH /api/v1/integrations/:integrationId",
    ]);
    expect(await bed.liveNamed("lost-response")).toEqual([id]);
    expect(outs).toMatchObject({ name: "lost-response", authConfig: GITHUB_AUTH, enabled: true });
  });

  test("a lost answer to a POST whose name was already taken does not take the holder", async () => {
    // The holder predates the call (a second stack's connector of the same name and config): the POST gets
    // a 409, the 409 is lost, and the connector found by name must not pass for this call's.
    const holder = await bed.inspect.createIntegration({
      name: "held-name",
      appName: "github",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    const { inputs } = await bed.connector.check(
      {},
      { name: "held-name", appName: "github", authConfig: GITHUB_AUTH },
    );
    bed.loseNextCreateResponse();
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    bed.emulator.clearFaults();

    expect(error.message).toContain(`connector ${holder.id} now holds the name`);
    expect(error.message).toContain("it was created before the request was sent");
    expect(error.message).toContain(`adoptId: "${holder.id}"`);
    expect(await bed.liveNamed("held-name")).toEqual([holder.id]);
    expect((await bed.inspect.getIntegration(holder.id)).updatedAt).toBe(holder.updatedAt);
  });
});
