import {
  ApiClient,
  AuthenticationError,
  BadRequestError,
  collect,
  ConflictError,
  NotFoundError,
  RequestValidationError,
} from "../../src/client";
import { generateFixtures, startEmulator, type RunningEmulator } from "../../src/emulator";

/** Every client method, error class, retry path and the paging, against the emulator over HTTP. */

const apiKey = "emu_client_tests_key";
let emulator: RunningEmulator;
let client: ApiClient;
let sequence = 0;

/** Connector names are unique per tenant: each test makes its own. */
const uniqueName = (prefix: string) => `${prefix}-${++sequence}-${Date.now()}`;

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    apiKeys: [apiKey],
    fixtures: generateFixtures({ apiKey, activeTriggers: 250, logs: 25 }),
  });
  client = new ApiClient({ baseUrl: emulator.url, apiKey }, { retryDelayScaleMs: 5 });
});

afterEach(() => emulator.clearFaults());

afterAll(async () => {
  client.close();
  await emulator.close();
});

async function createGithubConnector(name = uniqueName("gh")) {
  return client.createIntegration({
    name,
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: "cid-1", client_secret: "csecret-1" },
    forceNewIntegration: true,
  });
}

describe("methods", () => {
  it("lists apps", async () => {
    const apps = await client.listApps();
    expect(apps.map((app) => app.name)).toEqual(expect.arrayContaining(["github", "slack", "gmail"]));
  });

  it("lists triggers with comma-separated filters", async () => {
    const github = await client.listTriggers({ appNames: ["github"] });
    expect(github.length).toBeGreaterThan(1);
    expect(new Set(github.map((trigger) => trigger.appName))).toEqual(new Set(["github"]));
    expect(github[0]).toEqual(
      expect.objectContaining({ logo: expect.any(String), count: expect.any(Number) }),
    );
    const two = await client.listTriggers({ triggerIds: ["GITHUB_STAR_ADDED_EVENT", "GITHUB_COMMIT_EVENT"] });
    expect(two.map((trigger) => trigger.name).sort()).toEqual([
      "GITHUB_COMMIT_EVENT",
      "GITHUB_STAR_ADDED_EVENT",
    ]);
  });

  it("creates, reads, updates, lists, finds and deletes a connector", async () => {
    const name = uniqueName("crud");
    const created = await createGithubConnector(name);
    expect(created).toMatchObject({
      name,
      appName: "github",
      enabled: true,
      authConfig: { client_id: "cid-1" },
    });
    expect(created.authConfig).not.toHaveProperty("client_secret");
    expect(created.expectedInputFields).toEqual(expect.any(Array));

    await expect(client.getIntegration(created.id)).resolves.toEqual(created);

    await client.updateIntegration(created.id, { enabled: false });
    expect((await client.getIntegration(created.id)).enabled).toBe(false);

    const enabledOnly = await collect(client.listIntegrations({ appName: "github" }));
    expect(enabledOnly.some((item) => item.id === created.id)).toBe(false);
    const withDisabled = await collect(client.listIntegrations({ appName: "github", showDisabled: true }));
    expect(withDisabled.some((item) => item.id === created.id)).toBe(true);
    await expect(client.findIntegrationByName(name)).resolves.toMatchObject({ id: created.id });

    await client.deleteIntegration(created.id);
    expect(await client.getIntegration(created.id)).toMatchObject({ deleted: true, enabled: false });
    await expect(client.findIntegrationByName(name)).resolves.toBeUndefined();
    await expect(client.deleteIntegration(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("pages through integrations with pageSize and maxItems", async () => {
    for (let i = 0; i < 3; i++) await createGithubConnector();
    const before = emulator.requestLog.count({ method: "GET", route: "/api/v1/integrations" });
    const items = await collect(client.listIntegrations({ pageSize: 1, maxItems: 2 }));
    expect(items).toHaveLength(2);
    expect(emulator.requestLog.count({ method: "GET", route: "/api/v1/integrations" }) - before).toBe(2);
  });

  it("creates a connected account, enables a trigger, and reads its instance and logs", async () => {
    const connector = await createGithubConnector();
    const account = await client.createConnectedAccount({
      integrationId: connector.id,
      data: { login: "octo" },
    });
    // An OAuth connector's account waits for a person to open the redirect URL.
    expect(account.connectionStatus).toBe("INITIATED");
    expect(account.redirectUrl).toMatch(/^http:\/\//);
    const accounts = await collect(client.listConnectedAccounts({ integrationId: connector.id }));
    expect(accounts.map((item) => item.id)).toEqual([account.connectedAccountId]);

    const enabled = await client.enableTrigger(account.connectedAccountId, "GITHUB_STAR_ADDED_EVENT", {
      owner: "octo",
      repo: "hello",
    });
    expect(enabled.status).toBe("success");
    // The service requires `data`; the client sends `{}` when the caller gives none.
    const bare = await client.createConnectedAccount({ integrationId: connector.id });
    expect(bare.connectedAccountId).toEqual(expect.any(String));
    const instances = await collect(client.activeTriggers({ triggerIds: [enabled.triggerId] }));
    expect(instances).toEqual([
      expect.objectContaining({ id: enabled.triggerId, connectionId: account.connectedAccountId }),
    ]);

    const fired = await fetch(`${emulator.url}/_emulator/trigger-instances/${enabled.triggerId}/fire`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ payload: { stars: 1 } }),
    });
    expect(fired.status).toBe(200);
    // Logged at once because no callback URL is set yet (a delivery would be logged after its attempt).
    expect(((await fired.json()) as { delivery: string }).delivery).toBe("no_callback_url");
    const logs = await collect(client.triggerLogs({ connectionId: account.connectedAccountId }));
    expect(logs).toEqual([
      expect.objectContaining({
        connectionId: account.connectedAccountId,
        triggerName: "GITHUB_STAR_ADDED_EVENT",
      }),
    ]);
  });
});

describe("trigger instances, accounts and the callback URL", () => {
  it("reads, disables and deletes an instance and its account; sets and reads the callback URL", async () => {
    const connector = await client.createIntegration({
      name: uniqueName("gh-token"),
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    const { connectedAccountId } = await client.createConnectedAccount({
      integrationId: connector.id,
      data: { token: "a-token" },
      entityId: "team-a",
      labels: ["ops"],
    });
    expect(await client.getConnectedAccount(connectedAccountId)).toMatchObject({
      id: connectedAccountId,
      status: "ACTIVE",
      entityId: "team-a",
    });
    const config = { owner: "octo", repo: "hello" };
    const { triggerId, isNew } = await client.enableTrigger(
      connectedAccountId,
      "GITHUB_STAR_ADDED_EVENT",
      config,
    );
    expect(isNew).toBe(true);
    expect((await client.enableTrigger(connectedAccountId, "GITHUB_STAR_ADDED_EVENT", config)).isNew).toBe(
      false,
    );

    await client.setTriggerInstanceEnabled(triggerId, false);
    expect(await client.getTriggerInstance(triggerId)).toMatchObject({
      id: triggerId,
      disabledAt: expect.any(String),
    });
    await client.deleteTriggerInstance(triggerId);
    expect(await client.getTriggerInstance(triggerId)).toBeUndefined();
    await expect(client.deleteTriggerInstance(triggerId)).rejects.toBeInstanceOf(NotFoundError);

    await client.deleteConnectedAccount(connectedAccountId);
    await expect(client.getConnectedAccount(connectedAccountId)).rejects.toBeInstanceOf(NotFoundError);

    await client.setCallbackUrl("https://hooks.example.com/a");
    expect(await client.getCallbackUrl()).toBe("https://hooks.example.com/a");
    const settings = await client.getWebhookSettings();
    expect(settings).toEqual({
      webhookURL: "https://hooks.example.com/a",
      webhookSecret: expect.any(String),
    });
    await expect(client.setCallbackUrl("ftp://hooks.example.com")).rejects.toThrow(
      "callbackURL: must be an http(s) URL",
    );
  });
});

describe("errors", () => {
  it("401 with a bad key is an AuthenticationError saying how to set the key", async () => {
    const stranger = new ApiClient(
      { baseUrl: emulator.url, apiKey: "emu_wrong_key" },
      { retryDelayScaleMs: 5 },
    );
    const error = await stranger.listApps().catch((e: unknown) => e);
    stranger.close();
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({
      status: 401,
      method: "GET",
      path: "/api/v1/apps",
      requestId: expect.any(String),
    });
    expect((error as Error).message).toMatch(
      /^GET \/api\/v1\/apps -> 401 Unauthorized: .*integrations:apiKey/,
    );
    expect((error as Error).message).toContain("INTEGRATIONS_API_KEY");
    expect((error as Error).message).not.toContain("emu_wrong_key");
  });

  it("404 is a NotFoundError with the server's message and requestId", async () => {
    const error = await client.getIntegration("no-such-id").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(
      /^GET \/api\/v1\/integrations\/no-such-id -> 404 Not Found: Integration no-such-id not found \(requestId .+\)$/,
    );
  });

  it("409 on a taken name is a ConflictError", async () => {
    const name = uniqueName("taken");
    await createGithubConnector(name);
    const before = emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" });
    await expect(createGithubConnector(name)).rejects.toBeInstanceOf(ConflictError);
    expect(emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" }) - before).toBe(1);
  });

  it("400 from the server is a BadRequestError", async () => {
    const error = await client
      .createIntegration({ name: uniqueName("bad"), appName: "no-such-app" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).not.toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ status: 400, serverMessage: "Unknown app no-such-app" });
  });
});

describe("retries through the emulator's faults", () => {
  const byId = "/api/v1/integrations/:integrationId";

  it("retries a 503 and then succeeds", async () => {
    const connector = await createGithubConnector();
    const before = emulator.requestLog.count({ method: "GET", route: byId });
    emulator.setFaults({ errorRate: 1, remaining: 1, match: [`GET ${byId}`] });
    await expect(client.getIntegration(connector.id)).resolves.toMatchObject({ id: connector.id });
    expect(emulator.requestLog.count({ method: "GET", route: byId }) - before).toBe(2);
  });

  it("waits the emulator's Retry-After before retrying a 429", async () => {
    emulator.setFaults({ throttleRate: 1, retryAfterSeconds: 1, remaining: 1, match: ["GET /api/v1/apps"] });
    const before = emulator.requestLog.count({ route: "/api/v1/apps" });
    const started = performance.now();
    await client.listApps();
    // A lower bound only, the wait asked for (less the whole millisecond Node's timers count in): a loaded
    // machine makes the retry later, never sooner. No upper bound: how long the client may add on top is
    // retry-policy.test.ts's, on computed delays.
    expect(performance.now() - started).toBeGreaterThanOrEqual(999);
    expect(
      emulator.requestLog
        .entries()
        .filter((entry) => entry.route === "/api/v1/apps")
        .slice(before)
        .map((entry) => entry.statusCode),
    ).toEqual([429, 200]);
  });

  it("backs off and retries a 429 without headers", async () => {
    emulator.setFaults({
      throttleRate: 1,
      headerlessThrottleRate: 1,
      remaining: 2,
      match: ["GET /api/v1/apps"],
    });
    const before = emulator.requestLog.count({ route: "/api/v1/apps" });
    await client.listApps();
    expect(emulator.requestLog.count({ route: "/api/v1/apps" }) - before).toBe(3);
  });

  it("does not duplicate a connector when the POST's response is lost after it was applied", async () => {
    const name = uniqueName("lost");
    const before = emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" });
    emulator.setFaults({
      resetRate: 1,
      resetAfterHandler: true,
      remaining: 1,
      match: ["POST /api/v1/integrations"],
    });
    const created = await createGithubConnector(name);
    expect(created.name).toBe(name);
    // The POST is sent again; its 409 says the first one landed, and the holder is proven this call's by the
    // service's clock (made after the first POST left) and by matching what was sent.
    expect(emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" }) - before).toBe(2);
    const named = (await collect(client.listIntegrations({ showDisabled: true }))).filter(
      (i) => i.name === name,
    );
    expect(named.map((item) => item.id)).toEqual([created.id]);
  });

  it("sends the POST again when the reset came before the server acted", async () => {
    const name = uniqueName("early-reset");
    const before = emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" });
    emulator.setFaults({
      resetRate: 1,
      resetAfterHandler: false,
      remaining: 1,
      match: ["POST /api/v1/integrations"],
    });
    const created = await createGithubConnector(name);
    expect(emulator.requestLog.count({ method: "POST", route: "/api/v1/integrations" }) - before).toBe(2);
    const named = (await collect(client.listIntegrations({ showDisabled: true }))).filter(
      (i) => i.name === name,
    );
    expect(named.map((item) => item.id)).toEqual([created.id]);
  });
});

describe("pagination", () => {
  const activeRoute = "/api/v1/triggers/active_triggers";

  it("reads 250 active triggers at limit 100 in 3 requests (pageInfo as an array)", async () => {
    const before = emulator.requestLog.count({ route: activeRoute });
    const instances = await collect(
      client.activeTriggers({ triggerNames: ["GITHUB_STAR_ADDED_EVENT"], limit: 100 }),
    );
    const fixtureIds = instances.filter((instance) => instance.id.startsWith("fixture-trigger-"));
    expect(fixtureIds).toHaveLength(250);
    expect(new Set(fixtureIds.map((instance) => instance.id)).size).toBe(250);
    expect(emulator.requestLog.count({ route: activeRoute }) - before).toBe(3);
  });

  it("stops at maxItems without fetching further pages", async () => {
    const before = emulator.requestLog.count({ route: activeRoute });
    const instances = await collect(client.activeTriggers({ limit: 100, maxItems: 150 }));
    expect(instances).toHaveLength(150);
    expect(emulator.requestLog.count({ route: activeRoute }) - before).toBe(2);
  });

  it("reads logs across pages (pageInfo as an object)", async () => {
    const before = emulator.requestLog.count({ route: "/api/v1/triggers/logs" });
    const logs = await collect(client.triggerLogs({ connectionId: "fixture-account-1", limit: 10 }));
    expect(logs).toHaveLength(25);
    expect(emulator.requestLog.count({ route: "/api/v1/triggers/logs" }) - before).toBe(3);
  });
});
