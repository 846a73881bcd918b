import { writeFileSync } from "node:fs";
import path from "node:path";
import { generateFixtures, startEmulator, type RunningEmulator } from "../../src/emulator";
import { call, expectError, start } from "./helpers";
import { tempDirectory } from "./temp-directory";

const KEY = "fixture-key-1";

describe("generated fixtures: 250 active triggers and 35 logs", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await start({
      apiKeys: [KEY],
      fixtures: generateFixtures({ apiKey: KEY, activeTriggers: 250, logs: 35 }),
    });
  });
  afterAll(() => emulator.close());

  it("pages active triggers with the defaults (page 1, limit 10) and a one-element pageInfo array", async () => {
    const result = await call(emulator, "GET", "/api/v1/triggers/active_triggers");
    expect(result.status).toBe(200);
    expect(result.body.pageInfo).toEqual([{ currentPage: 1, perPage: 10, totalPages: 25 }]);
    expect(result.body.triggers.map((t: { id: string }) => t.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `fixture-trigger-${index + 1}`),
    );
  });

  it("walks every page at limit 100 and returns an empty page past the end with the same totalPages", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const result = await call(emulator, "GET", `/api/v1/triggers/active_triggers?page=${page}&limit=100`);
      expect(result.body.pageInfo).toEqual([{ currentPage: page, perPage: 100, totalPages: 3 }]);
      seen.push(...result.body.triggers.map((t: { id: string }) => t.id));
    }
    expect(new Set(seen).size).toBe(250);
    const past = await call(emulator, "GET", "/api/v1/triggers/active_triggers?page=4&limit=100");
    expect(past.body).toEqual({ triggers: [], pageInfo: [{ currentPage: 4, perPage: 100, totalPages: 3 }] });
  });

  it.each(["limit=101", "limit=0", "page=0", "page=x", "limit=1e2", "page=1&page=2"])(
    "rejects %s with 400 on both paginated endpoints",
    async (query) => {
      expectError(await call(emulator, "GET", `/api/v1/triggers/active_triggers?${query}`), 400);
      expectError(await call(emulator, "GET", `/api/v1/triggers/logs?${query}`), 400);
    },
  );

  it("filters active triggers by ids, names, connected account and integration", async () => {
    const byIds = await call(
      emulator,
      "GET",
      "/api/v1/triggers/active_triggers?triggerIds=fixture-trigger-3,fixture-trigger-7",
    );
    expect(byIds.body.triggers.map((t: { id: string }) => t.id)).toEqual([
      "fixture-trigger-3",
      "fixture-trigger-7",
    ]);
    const byName = await call(emulator, "GET", "/api/v1/triggers/active_triggers?triggerNames=OTHER");
    expect(byName.body.triggers).toEqual([]);
    const byAccount = await call(
      emulator,
      "GET",
      "/api/v1/triggers/active_triggers?connectedAccountIds=fixture-account-1&limit=100",
    );
    expect(byAccount.body.pageInfo[0].totalPages).toBe(3);
    const byIntegration = await call(emulator, "GET", "/api/v1/triggers/active_triggers?integrationIds=nope");
    expect(byIntegration.body.triggers).toEqual([]);
    const byRightIntegration = await call(
      emulator,
      "GET",
      "/api/v1/triggers/active_triggers?integrationIds=fixture-integration-1",
    );
    expect(byRightIntegration.body.pageInfo[0].totalPages).toBe(25);
  });

  it("returns logs newest first with an object pageInfo", async () => {
    const first = await call(emulator, "GET", "/api/v1/triggers/logs?limit=20");
    expect(first.body.pageInfo).toEqual({ currentPage: 1, perPage: 20, totalPages: 2 });
    expect(first.body.data[0]).toMatchObject({
      id: "fixture-log-35",
      appKey: "github",
      connectionId: "fixture-account-1",
    });
    const second = await call(emulator, "GET", "/api/v1/triggers/logs?limit=20&page=2");
    expect(second.body.data.map((log: { id: string }) => log.id).at(-1)).toBe("fixture-log-1");
    expect(second.body.data).toHaveLength(15);
  });
});

describe("fixtures from a file", () => {
  const directory = tempDirectory("emulator-fixtures-");
  const file = path.join(directory, "fixtures.json");

  it("preloads connectors, accounts, instances (disabled ones only with showDisabled) and logs", async () => {
    writeFileSync(
      file,
      JSON.stringify({
        tenants: {
          [KEY]: {
            integrations: [
              {
                id: "int-1",
                name: "slack-main",
                appName: "slack",
                authConfig: { client_id: "c", client_secret: "s" },
              },
            ],
            connectedAccounts: [{ id: "acc-1", integrationId: "int-1" }],
            activeTriggers: [
              { id: "t-on", connectionId: "acc-1", triggerName: "SLACK_RECEIVE_MESSAGE" },
              {
                id: "t-off",
                connectionId: "acc-1",
                triggerName: "SLACK_REACTION_ADDED",
                disabledAt: "2025-01-02T00:00:00.000Z",
                disabledReason: "paused",
              },
            ],
            logs: [{ connectionId: "acc-1", triggerName: "SLACK_RECEIVE_MESSAGE" }],
          },
        },
      }),
    );
    const emulator = await start({ fixtures: file });
    try {
      expect(emulator.apiKey).toBe(KEY);
      const integration = await call(emulator, "GET", "/api/v1/integrations/int-1");
      expect(integration.body).toMatchObject({
        name: "slack-main",
        authScheme: "OAUTH2",
        enabled: true,
        authConfig: { client_id: "c" },
      });
      expect(integration.text).not.toContain('"s"');
      const active = await call(emulator, "GET", "/api/v1/triggers/active_triggers");
      expect(active.body.triggers.map((t: { id: string }) => t.id)).toEqual(["t-on"]);
      const all = await call(emulator, "GET", "/api/v1/triggers/active_triggers?showDisabled=true");
      expect(all.body.triggers.map((t: { id: string }) => t.id)).toEqual(["t-on", "t-off"]);
      expect(all.body.triggers[1]).toMatchObject({ disabledReason: "paused" });
      const logs = await call(emulator, "GET", "/api/v1/triggers/logs");
      expect(logs.body.data).toEqual([
        expect.objectContaining({ appKey: "slack", triggerName: "SLACK_RECEIVE_MESSAGE" }),
      ]);
      expectError(await call(emulator, "POST", "/_emulator/trigger-instances/t-off/fire"), 400);
    } finally {
      await emulator.close();
    }
  });

  it("refuses invalid fixtures without naming the API key", async () => {
    writeFileSync(file, JSON.stringify({ tenants: { "secret-key-xyz": { integrations: [{ name: 5 }] } } }));
    const failure = startEmulator({ port: 0, fixtures: file });
    await expect(failure).rejects.toThrow(/tenant #1/);
    await expect(failure).rejects.not.toThrow(/secret-key-xyz/);
    await expect(
      startEmulator({
        port: 0,
        apiKeys: ["other"],
        fixtures: generateFixtures({ apiKey: "secret-key-xyz" }),
      }),
    ).rejects.toThrow(/tenant #1 does not match/);
    await expect(
      startEmulator({
        port: 0,
        fixtures: { tenants: { k: { connectedAccounts: [{ integrationId: "missing" }] } } },
      }),
    ).rejects.toThrow(/unknown integration missing/);
  });
});
