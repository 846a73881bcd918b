/**
 * `pulumi import` reads by id alone: each importable resource's read with empty props (the plugin's Read
 * sends them), then the calls the engine makes with what it read: the import's own check (olds = news = the
 * read inputs), and at the next `up` the program's check and diff. Real HTTP against the emulator.
 */
import { createConnectedAccountHandlers } from "../../src/resources/connected-account/handlers";
import type { ConnectedAccountOutputs } from "../../src/resources/connected-account/definition";
import type { IntegrationStateOutputs } from "../../src/resources/integration-state/definition";
import { withConnection } from "../../src/resources/shared/connection";
import { createTriggerInstanceHandlers } from "../../src/resources/trigger-instance/handlers";
import type { TriggerInstanceOutputs } from "../../src/resources/trigger-instance/definition";
import { createTriggerWebhookHandlers } from "../../src/resources/trigger-webhook/handlers";
import type { TriggerWebhookOutputs } from "../../src/resources/trigger-webhook/definition";
import { githubTokenAccount } from "../support/github-account";
import { GITHUB_AUTH, startTestBed, type ProviderTestBed } from "./support";

const NO_CHANGES = { changes: false, replaces: [], deleteBeforeReplace: expect.any(Boolean) };
const TOKEN = "import-account-token-0123456789";

let bed: ProviderTestBed;
let integrationId: string;
let accountId: string;
beforeAll(async () => {
  bed = await startTestBed();
  ({ integrationId, accountId } = await githubTokenAccount(bed.inspect, {
    name: "import-github",
    token: TOKEN,
  }));
});
afterAll(() => bed.close());

/** Stored inputs as the engine hands them back to check (plain records). */
const stored = (inputs: object | undefined) => ({ ...inputs }) as Record<string, unknown>;

/** Read by id, as the engine's import does, counting the requests. */
async function importRead<O>(read: () => Promise<{ id: string; props?: O; inputs?: object }>) {
  let result!: Awaited<ReturnType<typeof read>>;
  const requests = await bed.requestsOf(async () => (result = await read()));
  return { ...result, requests };
}

describe("IntegrationState read by id", () => {
  const state = () => bed.integrationState;

  test("one GET: manages enabled as the integration has it, found as it is; authConfig unmanaged", async () => {
    const made = await bed.inspect.createIntegration({
      name: "import-state",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    await bed.inspect.updateIntegration(made.id, { enabled: false });
    const read = await importRead(() => state().read(made.id, {} as never));
    expect(read.requests).toBe(1);
    expect(read.id).toBe(made.id);
    expect(read.inputs).toEqual({ integrationId: made.id, enabled: false, onDelete: "retain" });
    expect(read.props).toEqual({
      integrationId: made.id,
      enabled: false,
      onDelete: "retain",
      priorEnabled: false,
    });
  });

  test("the import's check passes without a request; the program's inputs diff clean, authConfig is an update", async () => {
    const made = await bed.inspect.createIntegration({
      name: "import-state-2",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: GITHUB_AUTH,
      forceNewIntegration: true,
    });
    const { props, inputs } = await state().read(made.id, {} as never);
    let own!: Awaited<ReturnType<ProviderTestBed["integrationState"]["check"]>>;
    expect(await bed.requestsOf(async () => (own = await state().check(inputs!, inputs!)))).toBe(0);
    expect(own.failures).toEqual([]);
    const program = await state().check(inputs!, { integrationId: made.id, enabled: true });
    expect(await state().diff(made.id, props!, program.inputs)).toEqual(NO_CHANGES);
    const withAuth = await state().check(inputs!, {
      integrationId: made.id,
      enabled: true,
      authConfig: GITHUB_AUTH,
    });
    expect(withAuth.failures).toEqual([]);
    expect(await state().diff(made.id, props!, withAuth.inputs)).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  test('with onDelete "restore", a delete puts back the value at import', async () => {
    const made = await bed.inspect.createIntegration({
      name: "import-state-3",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    const { props, inputs } = await state().read(made.id, {} as never);
    const news = (
      await state().check(inputs!, { integrationId: made.id, enabled: false, onDelete: "restore" })
    ).inputs;
    const { outs } = await state().update(made.id, props as IntegrationStateOutputs, news);
    expect((await bed.inspect.getIntegration(made.id)).enabled).toBe(false);
    await state().delete(made.id, outs);
    expect((await bed.inspect.getIntegration(made.id)).enabled).toBe(true);
  });

  test("an unknown id is gone: empty id", async () => {
    expect(await state().read("no-such-integration", {} as never)).toEqual({ id: "" });
  });
});

describe("ConnectedAccount read by id", () => {
  const handlers = withConnection(createConnectedAccountHandlers());
  beforeAll(() => handlers.configure({ config: bed.settings }));

  test("one GET: its connector and entity, without data (never shown)", async () => {
    const read = await importRead(() => handlers.read(accountId, {} as never));
    expect(read.requests).toBe(1);
    expect(read.inputs).toEqual({ integrationId, entityId: "default" });
    expect(read.props).toEqual({ integrationId, entityId: "default", status: "ACTIVE", appName: "github" });
    expect(JSON.stringify(read)).not.toContain(TOKEN);
  });

  test("the import's check passes without a request, although the connector wants a token in data", async () => {
    const { inputs } = await handlers.read(accountId, {} as never);
    let own!: Awaited<ReturnType<typeof handlers.check>>;
    expect(
      await bed.requestsOf(async () => (own = await handlers.check(stored(inputs), stored(inputs)))),
    ).toBe(0);
    expect(own.failures).toEqual([]);
  });

  test("the program's data is recorded by an update that sends nothing, never a replacement; then it diffs as usual", async () => {
    const { props, inputs } = await handlers.read(accountId, {} as never);
    const program = { integrationId, entityId: "default", data: { token: TOKEN } };
    const checked = await handlers.check(stored(inputs), program);
    expect(checked.failures).toEqual([]);
    expect(await handlers.diff(accountId, props!, checked.inputs)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
    let outs!: ConnectedAccountOutputs;
    const requests = await bed.requestsOf(
      async () => ({ outs } = await handlers.update(accountId, props!, checked.inputs)),
    );
    expect(requests).toBe(0);
    expect(outs).toMatchObject({ integrationId, data: { token: TOKEN }, status: "ACTIVE" });
    expect(await handlers.diff(accountId, outs, checked.inputs)).toEqual(NO_CHANGES);
    const rotated = await handlers.check(program, { ...program, data: { token: "another" } });
    expect((await handlers.diff(accountId, outs, rotated.inputs)).replaces).toEqual(["data"]);
  });

  test("a program that leaves data out (or ignores its changes) diffs clean; another entity replaces", async () => {
    const { props, inputs } = await handlers.read(accountId, {} as never);
    const without = await handlers.check(stored(inputs), { integrationId, entityId: "default" });
    expect(await handlers.diff(accountId, props!, without.inputs)).toEqual(NO_CHANGES);
    const moved = await handlers.check(stored(inputs), { integrationId, entityId: "someone" });
    expect((await handlers.diff(accountId, props!, moved.inputs)).replaces).toEqual(["entityId"]);
  });

  test("an unknown id is gone: empty id", async () => {
    expect(await handlers.read("no-such-account", {} as never)).toEqual({ id: "" });
  });
});

describe("TriggerInstance read by id", () => {
  const handlers = withConnection(createTriggerInstanceHandlers());
  beforeAll(() => handlers.configure({ config: bed.settings }));
  const config = { owner: "octocat", repo: "import-me" };

  test("one listing: its account, trigger, its own triggerConfig and enabled; the same program diffs clean", async () => {
    const { triggerId } = await bed.inspect.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", config);
    await bed.inspect.setTriggerInstanceEnabled(triggerId, false);
    const read = await importRead(() => handlers.read(triggerId, {} as never));
    expect(read.requests).toBe(1);
    expect(read.inputs).toEqual({
      connectedAccountId: accountId,
      triggerName: "GITHUB_STAR_ADDED_EVENT",
      triggerConfig: config,
      enabled: false,
    });
    expect(read.props).toEqual(read.inputs);
    const own = await handlers.check(stored(read.inputs), stored(read.inputs));
    expect(own.failures).toEqual([]);
    const program = await handlers.check(stored(read.inputs), {
      connectedAccountId: accountId,
      triggerName: "GITHUB_STAR_ADDED_EVENT",
      triggerConfig: { repo: "import-me", owner: "octocat" },
      enabled: false,
    });
    expect(await handlers.diff(triggerId, read.props as TriggerInstanceOutputs, program.inputs)).toEqual(
      NO_CHANGES,
    );
  });

  test("an unknown id is gone: empty id", async () => {
    expect(await handlers.read("no-such-instance", {} as never)).toEqual({ id: "" });
  });
});

describe("TriggerWebhook read by id", () => {
  const handlers = withConnection(createTriggerWebhookHandlers());
  beforeAll(() => handlers.configure({ config: bed.settings }));

  test("with no callback URL set, there is nothing to import: empty id", async () => {
    expect(await handlers.read("callback-url", {} as never)).toEqual({ id: "" });
  });

  test("one GET: the URL as the account has it, found as it is, the signing secret; the program diffs clean", async () => {
    await bed.inspect.setCallbackUrl("https://hooks.example.com/imported");
    const read = await importRead(() => handlers.read("callback-url", {} as never));
    expect(read.requests).toBe(1);
    expect(read.inputs).toEqual({ url: "https://hooks.example.com/imported", onDelete: "restore" });
    expect(read.props).toEqual({
      url: "https://hooks.example.com/imported",
      onDelete: "restore",
      priorUrl: "https://hooks.example.com/imported",
      webhookSecret: expect.any(String),
    });
    // The front end adds the logical name (the plugin's Read and Check, from the URN).
    const named = { ...read.props, resourceName: "hook" } as TriggerWebhookOutputs;
    const program = await handlers.check(
      { ...read.inputs, resourceName: "hook" },
      { url: "https://hooks.example.com/imported", resourceName: "hook" },
    );
    expect(program.failures).toEqual([]);
    expect(await handlers.diff("callback-url", named, program.inputs)).toEqual(NO_CHANGES);
  });

  test("another id is refused, naming the one to use", async () => {
    await expect(handlers.read("hook", {} as never)).rejects.toThrow(
      'its id is "callback-url" (the account has one callback URL), not "hook"',
    );
  });
});
