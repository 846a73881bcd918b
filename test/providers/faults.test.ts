import { PartialCreateError } from "../../src/providers/errors";
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
    const error = await bed.connector.create(inputs).catch((e: unknown) => e);
    bed.emulator.clearFaults();

    expect(error).toBeInstanceOf(PartialCreateError);
    const partial = error as PartialCreateError;
    // What the dynamic-provider host reads to report ErrorResourceInitFailed:
    expect(partial.id).toMatch(/\S/);
    expect(partial.properties).toMatchObject({ name: "partial", enabled: true, authConfig: GITHUB_AUTH });
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
      deleteBeforeReplace: false,
    });
    await bed.connector.update(partial.id, olds, inputs);
    expect((await bed.inspect.getIntegration(partial.id)).enabled).toBe(false);
  });
  test("a take-over whose authConfig PATCH failed records no authConfig, so the next update sets it", async () => {
    const existing = await bed.inspect.createIntegration({
      name: "to-take-over",
      appName: "linear",
      authScheme: "API_KEY",
      authConfig: { api_key: "old-key-1234" },
      forceNewIntegration: true,
    });
    const { inputs } = await bed.connector.check(
      {},
      {
        name: "taker",
        appName: "linear",
        authScheme: "API_KEY",
        authConfig: { api_key: "new-key-5678" },
        forceNewIntegration: false,
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

describe("a create whose response is lost leaves exactly one connector", () => {
  let bed: ProviderTestBed;
  beforeAll(async () => {
    bed = await startTestBed({ "integrations:maxRetries": "2" });
  });
  afterAll(() => bed.close());

  test("the connector made by the lost POST is found by name and adopted", async () => {
    const { inputs } = await bed.connector.check(
      {},
      { name: "lost-response", appName: "github", authConfig: GITHUB_AUTH },
    );
    bed.emulator.setFaults({
      resetRate: 1,
      resetAfterHandler: true,
      remaining: 1,
      match: ["POST /api/v1/integrations"],
    });
    const { id, outs } = await bed.connector.create(inputs);
    bed.emulator.clearFaults();

    expect(bed.emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" })).toBe(1);
    const remote = [];
    for await (const item of bed.inspect.listIntegrations({ showDisabled: true })) {
      if (item.name === "lost-response") remote.push(item);
    }
    expect(remote.map((item) => item.id)).toEqual([id]);
    expect(outs).toMatchObject({ name: "lost-response", authConfig: GITHUB_AUTH, enabled: true });
  });
});
