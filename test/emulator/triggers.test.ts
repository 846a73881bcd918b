import { builtInCatalog, type RunningEmulator } from "../../src/emulator";
import { call, expectError, start } from "./helpers";

let emulator: RunningEmulator;
let githubIntegration: string;
let slackIntegration: string;
let githubAccount: string;
let slackAccount: string;

const createIntegration = async (name: string, appName: string) =>
  (
    await call(emulator, "POST", "/api/v1/integrations", {
      body: { name, appName, useServiceAuth: true, forceNewIntegration: true },
    })
  ).body.id as string;
const connect = async (integrationId: string) =>
  (await call(emulator, "POST", "/api/v1/connectedAccounts", { body: { integrationId, data: {} } })).body
    .connectedAccountId as string;

beforeAll(async () => {
  emulator = await start();
  githubIntegration = await createIntegration("gh", "github");
  slackIntegration = await createIntegration("sl", "slack");
  githubAccount = await connect(githubIntegration);
  slackAccount = await connect(slackIntegration);
});
afterAll(() => emulator.close());

const names = (triggers: { name: string }[]) => triggers.map((trigger) => trigger.name).sort();
const catalogNames = (filter: (trigger: (typeof builtInCatalog.triggers)[number]) => boolean) =>
  builtInCatalog.triggers
    .filter(filter)
    .map((trigger) => trigger.name)
    .sort();

describe("GET /api/v1/apps", () => {
  it("lists the catalog's apps with their auth schemes", async () => {
    const result = await call(emulator, "GET", "/api/v1/apps");
    expect(result.status).toBe(200);
    expect(result.body.items.length).toBe(builtInCatalog.apps.length);
    expect(result.body.items[0]).toMatchObject({
      appId: builtInCatalog.apps[0]?.id,
      key: "github",
      name: "github",
      description: expect.any(String),
      logo: expect.any(String),
      categories: expect.arrayContaining(["developer-tools"]),
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      auth_schemes: expect.arrayContaining([
        expect.objectContaining({ auth_mode: "OAUTH2", fields: expect.any(Array) }),
      ]),
    });
    // The emulator's own lookup fields are not part of the wire shape.
    expect(result.body.items[0]).not.toHaveProperty("serviceAuthSchemes");
  });

  it("filters by category", async () => {
    const result = await call(emulator, "GET", "/api/v1/apps?category=communication");
    expect(result.status).toBe(200);
    const expected = builtInCatalog.apps.filter((app) => app.categories.includes("communication"));
    expect(result.body.items.map((app: { key: string }) => app.key)).toEqual(expected.map((app) => app.key));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(builtInCatalog.apps.length);
  });
});

describe("GET /api/v1/triggers", () => {
  it("returns a bare array of trigger records with the contract's fields and logo", async () => {
    const result = await call(emulator, "GET", "/api/v1/triggers");
    expect(result.status).toBe(200);
    expect(Array.isArray(result.body)).toBe(true);
    expect(result.body).toHaveLength(builtInCatalog.triggers.length);
    const star = result.body.find((trigger: { name: string }) => trigger.name === "GITHUB_STAR_ADDED_EVENT");
    expect(star).toEqual({
      appId: builtInCatalog.apps[0]?.id,
      appKey: "github",
      appName: "github",
      display_name: expect.any(String),
      name: "GITHUB_STAR_ADDED_EVENT",
      config: expect.objectContaining({ type: "object", properties: expect.any(Object) }),
      count: 0,
      description: expect.any(String),
      enabled: true,
      instructions: expect.any(String),
      payload: expect.any(Object),
      type: expect.stringMatching(/^(poll|webhook)$/),
      logo: expect.stringMatching(/^https:\/\//),
    });
  });

  it("filters by appNames (comma list, empty items ignored)", async () => {
    const result = await call(emulator, "GET", "/api/v1/triggers?appNames=github,,slack,");
    expect(names(result.body)).toEqual(catalogNames((t) => t.appKey === "github" || t.appKey === "slack"));
  });

  it("filters by triggerIds (trigger names)", async () => {
    const result = await call(
      emulator,
      "GET",
      "/api/v1/triggers?triggerIds=GITHUB_COMMIT_EVENT,SLACK_RECEIVE_MESSAGE,NOPE",
    );
    expect(names(result.body)).toEqual(["GITHUB_COMMIT_EVENT", "SLACK_RECEIVE_MESSAGE"]);
  });

  it("filters by connectedAccountIds (the apps of those accounts)", async () => {
    const result = await call(emulator, "GET", `/api/v1/triggers?connectedAccountIds=${slackAccount}`);
    expect(names(result.body)).toEqual(catalogNames((t) => t.appKey === "slack"));
    const unknown = await call(emulator, "GET", "/api/v1/triggers?connectedAccountIds=unknown");
    expect(unknown.body).toEqual([]);
  });

  it("filters by integrationIds (the apps of those integrations)", async () => {
    const result = await call(emulator, "GET", `/api/v1/triggers?integrationIds=${githubIntegration}`);
    expect(names(result.body)).toEqual(catalogNames((t) => t.appKey === "github"));
  });

  it("filters by showEnabledOnly", async () => {
    const result = await call(emulator, "GET", "/api/v1/triggers?showEnabledOnly=true");
    expect(names(result.body)).toEqual(catalogNames((t) => t.enabled));
    expect(result.body.length).toBeLessThan(builtInCatalog.triggers.length);
    const all = await call(emulator, "GET", "/api/v1/triggers?showEnabledOnly=false");
    expect(all.body).toHaveLength(builtInCatalog.triggers.length);
  });

  it("ANDs the filters together", async () => {
    const both = await call(
      emulator,
      "GET",
      `/api/v1/triggers?appNames=github,slack&integrationIds=${slackIntegration}&showEnabledOnly=true`,
    );
    expect(names(both.body)).toEqual(catalogNames((t) => t.appKey === "slack" && t.enabled));
    const disjoint = await call(
      emulator,
      "GET",
      `/api/v1/triggers?appNames=github&connectedAccountIds=${slackAccount}`,
    );
    expect(disjoint.body).toEqual([]);
    const byName = await call(
      emulator,
      "GET",
      `/api/v1/triggers?triggerIds=GITHUB_COMMIT_EVENT,SLACK_RECEIVE_MESSAGE&connectedAccountIds=${githubAccount}`,
    );
    expect(names(byName.body)).toEqual(["GITHUB_COMMIT_EVENT"]);
  });

  it("rejects a showEnabledOnly that is not a boolean", async () => {
    expectError(await call(emulator, "GET", "/api/v1/triggers?showEnabledOnly=yes"), 400);
  });
});

describe("connected accounts", () => {
  it("POST returns the new account's id; GET lists them paginated without their data", async () => {
    const created = await call(emulator, "POST", "/api/v1/connectedAccounts", {
      body: { integrationId: githubIntegration, data: { subdomain: "acme", password: "hunter2" } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      connectionStatus: "INITIATED",
      connectedAccountId: expect.any(String),
    });
    const list = await call(emulator, "GET", `/api/v1/connectedAccounts?integrationId=${githubIntegration}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, totalPages: 1 });
    const item = list.body.items.find(
      (account: { id: string }) => account.id === created.body.connectedAccountId,
    );
    expect(item).toMatchObject({
      integrationId: githubIntegration,
      appName: "github",
      status: "INITIATED",
    });
    expect(item).not.toHaveProperty("data");
    expect(list.text).not.toContain("hunter2");
    expect(list.text).not.toContain("acme");
  });

  it("400s for a disabled or deleted integration and 404s an unknown one", async () => {
    const disabled = await createIntegration("ca-disabled", "notion");
    await call(emulator, "PATCH", `/api/v1/integrations/${disabled}`, { body: { enabled: false } });
    expectError(
      await call(emulator, "POST", "/api/v1/connectedAccounts", {
        body: { integrationId: disabled, data: {} },
      }),
      400,
    );
    const deleted = await createIntegration("ca-deleted", "notion");
    await call(emulator, "DELETE", `/api/v1/integrations/${deleted}`);
    expectError(
      await call(emulator, "POST", "/api/v1/connectedAccounts", {
        body: { integrationId: deleted, data: {} },
      }),
      400,
    );
    expectError(
      await call(emulator, "POST", "/api/v1/connectedAccounts", {
        body: { integrationId: "nope", data: {} },
      }),
      404,
    );
    expectError(await call(emulator, "POST", "/api/v1/connectedAccounts", { body: {} }), 400);
  });
});

describe("trigger instances, firing and logs", () => {
  let own: RunningEmulator;
  let integrationId: string;
  let accountId: string;
  beforeAll(async () => {
    own = await start();
    integrationId = (
      await call(own, "POST", "/api/v1/integrations", {
        body: { name: "g", appName: "github", useServiceAuth: true },
      })
    ).body.id;
    accountId = (await call(own, "POST", "/api/v1/connectedAccounts", { body: { integrationId, data: {} } }))
      .body.connectedAccountId;
  });
  afterAll(() => own.close());

  it("enables a trigger, lists the instance, fires it and reads the log newest first", async () => {
    const enabled = await call(own, "POST", `/api/v1/triggers/enable/${accountId}/GITHUB_STAR_ADDED_EVENT`, {
      body: { triggerConfig: { owner: "octo", repo: "hello" } },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ status: "success", triggerId: expect.any(String), isNew: true });
    const triggerId = enabled.body.triggerId;

    const active = await call(own, "GET", "/api/v1/triggers/active_triggers");
    expect(active.status).toBe(200);
    expect(active.body.pageInfo).toEqual([{ currentPage: 1, perPage: 10, totalPages: 1 }]);
    expect(active.body.triggers).toEqual([
      {
        id: triggerId,
        connectionId: accountId,
        triggerName: "GITHUB_STAR_ADDED_EVENT",
        triggerConfig: { owner: "octo", repo: "hello" },
        state: {},
        disabledReason: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        disabledAt: null,
      },
    ]);

    const first = await call(own, "POST", `/_emulator/trigger-instances/${triggerId}/fire`, {
      body: { payload: { n: 1 } },
    });
    // No callback URL is set: each firing is one log entry saying it was not delivered.
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      eventId: expect.stringMatching(/^msg_/),
      logId: expect.any(String),
      delivery: "no_callback_url",
    });
    const second = await call(own, "POST", `/_emulator/trigger-instances/${triggerId}/fire`);
    expect(second.status).toBe(200);

    const logs = await call(own, "GET", "/api/v1/triggers/logs");
    expect(logs.status).toBe(200);
    expect(logs.body.pageInfo).toEqual({ currentPage: 1, perPage: 10, totalPages: 1 });
    expect(logs.body.data.map((log: { id: string }) => log.id)).toEqual([
      second.body.logId,
      first.body.logId,
    ]);
    const [secondLog, firstLog] = logs.body.data;
    expect(firstLog).toMatchObject({
      clientId: expect.any(String),
      connectionId: accountId,
      appKey: "github",
      triggerName: "GITHUB_STAR_ADDED_EVENT",
      triggerProviderPayload: JSON.stringify({ n: 1 }),
      errorTrigger: null,
      triggerClientError: expect.stringContaining("no callback URL"),
      triggerType: expect.stringMatching(/^(poll|webhook)$/),
    });
    // The body that would have been sent: the given payload replaces the trigger's sample.
    expect(JSON.parse(firstLog.triggerClientPayload).data).toEqual({
      n: 1,
      connection_id: accountId,
      trigger_id: triggerId,
    });
    expect(JSON.parse(secondLog.triggerProviderPayload)).toEqual(
      builtInCatalog.triggers.find((t) => t.name === "GITHUB_STAR_ADDED_EVENT")?.payload,
    );

    const triggers = await call(own, "GET", "/api/v1/triggers?triggerIds=GITHUB_STAR_ADDED_EVENT");
    expect(triggers.body[0].count).toBe(2);

    const byConnection = await call(own, "GET", `/api/v1/triggers/logs?connectionId=${accountId}`);
    expect(byConnection.body.data).toHaveLength(2);
    const byIntegration = await call(own, "GET", `/api/v1/triggers/logs?integrationId=${integrationId}`);
    expect(byIntegration.body.data).toHaveLength(2);
    const none = await call(own, "GET", "/api/v1/triggers/logs?integrationId=other");
    expect(none.body).toEqual({ data: [], pageInfo: { currentPage: 1, perPage: 10, totalPages: 0 } });
  });

  it("rejects enabling with an unknown account or trigger, a trigger of another app, or missing config", async () => {
    expectError(
      await call(own, "POST", "/api/v1/triggers/enable/nope/GITHUB_STAR_ADDED_EVENT", {
        body: { triggerConfig: {} },
      }),
      404,
    );
    expectError(
      await call(own, "POST", `/api/v1/triggers/enable/${accountId}/NOPE`, { body: { triggerConfig: {} } }),
      404,
    );
    expectError(
      await call(own, "POST", `/api/v1/triggers/enable/${accountId}/SLACK_RECEIVE_MESSAGE`, {
        body: { triggerConfig: {} },
      }),
      400,
    );
    const missing = await call(own, "POST", `/api/v1/triggers/enable/${accountId}/GITHUB_COMMIT_EVENT`, {
      body: { triggerConfig: { owner: "o" } },
    });
    expectError(missing, 400);
    expect(missing.body.message).toContain("repo");
    expectError(
      await call(own, "POST", `/api/v1/triggers/enable/${accountId}/GITHUB_COMMIT_EVENT`, {
        body: { triggerConfig: 5 },
      }),
      400,
    );
  });

  it("404s firing an unknown instance", async () => {
    expectError(await call(own, "POST", "/_emulator/trigger-instances/nope/fire", { body: {} }), 404);
  });
});
