import * as pulumi from "@pulumi/pulumi";
import { ApiClient } from "../../src/client";
import { builtInCatalog, generateFixtures, startEmulator, type RunningEmulator } from "../../src/emulator";
import {
  getActiveTriggers,
  getActiveTriggersOutput,
  getTriggerLogsOutput,
  getTriggers,
  getTriggersOutput,
} from "../../src/functions";
import { mockPulumiProgram, valueOf } from "./mocked-program";

/** The data functions inside a mocked Pulumi program, against the emulator over HTTP. */

const apiKey = "emu_functions_tests_key";
const triggersRoute = "/api/v1/triggers";
let emulator: RunningEmulator;
let client: ApiClient;

const requestsTo = (route: string) => emulator.requestLog.count({ route });

beforeAll(async () => {
  await mockPulumiProgram();
  emulator = await startEmulator({
    port: 0,
    apiKeys: [apiKey],
    fixtures: generateFixtures({ apiKey, activeTriggers: 250, logs: 12 }),
  });
  client = new ApiClient({ baseUrl: emulator.url, apiKey }, { retryDelayScaleMs: 1 });
});

afterEach(() => emulator.clearFaults());

afterAll(async () => {
  client.close();
  await emulator.close();
});

describe("getTriggers", () => {
  it.each([["integrationIds"], ["appNames"], ["connectedAccountIds"], ["triggerIds"]])(
    "an explicitly empty %s list selects nothing, without a request (not the whole catalog)",
    async (filter) => {
      const before = requestsTo(triggersRoute);
      const { triggers } = await getTriggers({ [filter]: [] }, { client });
      expect(triggers).toEqual([]);
      expect((await getTriggers({ appNames: ["github"], [filter]: [""] }, { client })).triggers).toEqual([]);
      expect(requestsTo(triggersRoute)).toBe(before);
    },
  );

  it("filters by app names sent comma-separated", async () => {
    const { triggers } = await getTriggers({ appNames: ["github", "slack"] }, { client });
    expect(new Set(triggers.map((trigger) => trigger.appName))).toEqual(new Set(["github", "slack"]));
    const sent = emulator.requestLog.entries().filter((entry) => entry.route === triggersRoute);
    expect(sent.at(-1)?.url).toContain("appNames=github,slack");
  });

  it("accepts Outputs as inputs, e.g. a connector's id", async () => {
    const connectorId = pulumi.output(Promise.resolve("fixture-integration-1"));
    const result = await valueOf(getTriggersOutput({ integrationIds: [connectorId] }, { client }));
    expect(result.triggers.length).toBeGreaterThan(0);
    expect(new Set(result.triggers.map((trigger) => trigger.appName))).toEqual(new Set(["github"]));
  });

  it("costs one request for identical queries, whatever the order of their lists", async () => {
    const before = requestsTo(triggersRoute);
    const [first, second] = await Promise.all([
      getTriggers({ appNames: ["gmail", "notion"] }, { client }),
      getTriggers({ appNames: ["notion", "gmail", "notion"] }, { client }),
    ]);
    const third = await valueOf(
      getTriggersOutput({ appNames: pulumi.output(["gmail", "notion"]) }, { client }),
    );
    expect(requestsTo(triggersRoute) - before).toBe(1);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it("gives each caller its own copy of a cached result", async () => {
    const first = await getTriggers({ appNames: ["linear"] }, { client });
    first.triggers.length = 0;
    const second = await getTriggers({ appNames: ["linear"] }, { client });
    expect(second.triggers.length).toBeGreaterThan(0);
  });

  it("does not keep a failed query cached", async () => {
    const noRetries = new ApiClient({ baseUrl: emulator.url, apiKey, maxRetries: 0 });
    emulator.setFaults({ errorRate: 1, remaining: 1, match: [`GET ${triggersRoute}`] });
    const before = requestsTo(triggersRoute);
    await expect(getTriggers({ appNames: ["jira"] }, { client: noRetries })).rejects.toMatchObject({
      status: 503,
    });
    const { triggers } = await getTriggers({ appNames: ["jira"] }, { client: noRetries });
    noRetries.close();
    expect(triggers.length).toBeGreaterThan(0);
    expect(requestsTo(triggersRoute) - before).toBe(2);
  });

  it("still honours the deprecated showEnabledOnly, warning once per process", async () => {
    const warn = jest.spyOn(pulumi.log, "warn").mockResolvedValue();
    const { triggers } = await getTriggers({ appNames: ["github"], showEnabledOnly: true }, { client });
    await getTriggers({ appNames: ["slack"], showEnabledOnly: false }, { client });
    // Exactly the enabled ones of the app (the built-in catalog has a disabled GitHub trigger to leave out).
    const enabledOfGithub = builtInCatalog.triggers
      .filter((trigger) => trigger.appKey === "github" && trigger.enabled)
      .map((trigger) => trigger.name);
    expect(enabledOfGithub.length).toBeLessThan(
      builtInCatalog.triggers.filter((trigger) => trigger.appKey === "github").length,
    );
    expect(triggers.map((trigger) => trigger.name).sort()).toEqual(enabledOfGithub.sort());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain("showEnabledOnly");
    const sent = emulator.requestLog.entries().filter((entry) => entry.url.includes("showEnabledOnly=true"));
    expect(sent).toHaveLength(1);
    warn.mockRestore();
  });

  it("resolves its settings from the stack config when given no client", async () => {
    pulumi.runtime.setAllConfig({ "integrations:apiKey": apiKey, "integrations:baseUrl": emulator.url });
    const { triggers } = await getTriggers({ appNames: ["hubspot"] });
    expect(triggers.length).toBeGreaterThan(0);
    const viaSettings = await getTriggers(
      { appNames: ["discord"] },
      { settings: { baseUrl: emulator.url, apiKey } },
    );
    expect(viaSettings.triggers.length).toBeGreaterThan(0);
  });
});

describe("getActiveTriggers", () => {
  it("an explicitly empty filter list selects nothing, without a request", async () => {
    const before = requestsTo("/api/v1/triggers/active_triggers");
    expect((await getActiveTriggers({ integrationIds: [] }, { client })).triggers).toEqual([]);
    expect(requestsTo("/api/v1/triggers/active_triggers")).toBe(before);
  });

  const route = "/api/v1/triggers/active_triggers";

  it("follows every page: 250 instances at limit 100 in 3 requests", async () => {
    const before = requestsTo(route);
    const { triggers } = await getActiveTriggers(
      { connectedAccountIds: ["fixture-account-1"], limit: 100 },
      { client },
    );
    expect(triggers).toHaveLength(250);
    expect(requestsTo(route) - before).toBe(3);
  });

  it("stops at maxItems, taking Output inputs", async () => {
    const before = requestsTo(route);
    const { triggers } = await valueOf(
      getActiveTriggersOutput(
        { triggerNames: [pulumi.output("GITHUB_STAR_ADDED_EVENT")], maxItems: pulumi.output(30) },
        { client },
      ),
    );
    expect(triggers).toHaveLength(30);
    expect(requestsTo(route) - before).toBe(1);
  });
});

describe("getTriggerLogs", () => {
  it("follows pages of a connection's logs, taking an Output connectionId", async () => {
    const before = requestsTo("/api/v1/triggers/logs");
    const { logs } = await valueOf(
      getTriggerLogsOutput({ connectionId: pulumi.output("fixture-account-1"), limit: 5 }, { client }),
    );
    expect(logs).toHaveLength(12);
    expect(logs.every((log) => log.connectionId === "fixture-account-1")).toBe(true);
    expect(requestsTo("/api/v1/triggers/logs") - before).toBe(3);
  });
});
