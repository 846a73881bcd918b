import { PartialCreateError } from "../../src/resources/shared/errors";
import { afterLostResponse } from "../support/lost-response";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

const CREATE = "POST /api/v1/integrations";

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

/**
 * A connector made within about a second before a create's POST cannot be told from one the POST made
 * (create-evidence.ts: the `Date` header counts whole seconds): a holder made by the test waits that out.
 */
const pastTheDateWindow = () => new Promise((resolve) => setTimeout(resolve, 1_100));

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

    // A dated answer first (this client's first request: check sent nothing), the POST; after the loss the
    // POST again, whose 409 sends the client to find the holder by name, GET it to date it, and set its
    // authConfig again.
    expect(bed.emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`)).toEqual([
      "GET /api/v1/client/auth/client_info",
      "POST /api/v1/integrations",
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
    // a 409, the 409 is lost, the POST sent again gets a 409, and the holder, made before the first POST
    // left by the service's clock, must not pass for this call's: the 409 stands.
    const holder = await bed.inspect.createIntegration({
      name: "held-name",
      appName: "github",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    await pastTheDateWindow();
    const { inputs } = await bed.connector.check(
      {},
      { name: "held-name", appName: "github", authConfig: GITHUB_AUTH },
    );
    bed.loseNextCreateResponse();
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    bed.emulator.clearFaults();

    expect(error.message).toContain(`The name "held-name" is already used by connector ${holder.id}`);
    expect(error.message).toContain(`adoptId: "${holder.id}"`);
    expect(await bed.liveNamed("held-name")).toEqual([holder.id]);
    expect((await bed.inspect.getIntegration(holder.id)).updatedAt).toBe(holder.updatedAt);
  });

  test("a lost create that meets its own 409 takes the connector its first POST made, late", async () => {
    // The server commits the first POST after its response is lost and after the client's lookup found
    // nothing; the client's second POST, slowed, then meets the connector the first one made.
    const { inputs } = await bed.connector.check(
      {},
      { name: "late-commit", appName: "github", authConfig: GITHUB_AUTH },
    );
    bed.emulator.setFaults({ lateCommitMs: 600, match: [CREATE], remaining: 1 });
    const slowRetry = afterLostResponse(bed.emulator, CREATE, () =>
      bed.emulator.setFaults({ lateCommitMs: null, latencyMs: 1_200, match: [CREATE], remaining: 1 }),
    );
    bed.emulator.requestLog.clear();
    const created = await bed.connector.create(inputs).finally(() => bed.emulator.clearFaults());
    await slowRetry;

    const log = bed.emulator.requestLog
      .entries()
      .map((entry) => `${entry.method} ${entry.route} ${entry.statusCode}`);
    expect(log.filter((line) => line.startsWith("POST"))).toEqual([`${CREATE} 0`, `${CREATE} 409`]);
    expect(await bed.liveNamed("late-commit")).toEqual([created.id]);
    expect(created.outs).toMatchObject({ name: "late-commit", authConfig: GITHUB_AUTH });
  });

  test("a namesake that held the name before the request is never taken, with the server's clock an hour ahead", async () => {
    const holder = await bed.inspect.createIntegration({
      name: "clock-ahead",
      appName: "github",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    await pastTheDateWindow();
    const { inputs } = await bed.connector.check(
      {},
      { name: "clock-ahead", appName: "github", authConfig: GITHUB_AUTH },
    );
    // Its createdAt, an hour in the future by the server's clock, would pass a comparison with our clock.
    bed.emulator.setFaults({ clockOffsetMs: 3_600_000 });
    bed.loseNextCreateResponse();
    const error = (await bed.connector.create(inputs).catch((e: Error) => e)) as Error;
    bed.emulator.clearFaults();
    expect(error.message).toContain(`The name "clock-ahead" is already used by connector ${holder.id}`);
    expect(await bed.liveNamed("clock-ahead")).toEqual([holder.id]);
  });

  test("its own connector is taken with the server's clock an hour behind ours", async () => {
    // A service whose clock is behind this machine's from the first answer on (a fresh provider process):
    // only the service's clock is compared with itself.
    const behind = await startTestBed({ "integrations:maxRetries": "2" });
    try {
      behind.emulator.setFaults({ clockOffsetMs: -3_600_000 });
      const { inputs } = await behind.connector.check(
        {},
        { name: "clock-behind", appName: "github", authConfig: GITHUB_AUTH },
      );
      behind.loseNextCreateResponse();
      const created = await behind.connector.create(inputs).finally(() => behind.emulator.clearFaults());
      expect(await behind.liveNamed("clock-behind")).toEqual([created.id]);
      expect(Date.parse(String(created.outs.createdAt))).toBeLessThan(Date.now() - 3_000_000);
    } finally {
      await behind.close();
    }
  });
});
