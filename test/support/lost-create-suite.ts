/**
 * Lost creates on the real CLI, for either front end (test/plugin/plugin-lost-create.test.ts: the plugin;
 * test/e2e/lost-create.test.ts: the dynamic resources). One stack, one `up` per scenario, each adding the
 * resources it creates under the emulator's faults:
 *
 * - a connector, then a trigger instance, whose first POST the server commits 2 s after resetting its connection
 *   (`lateCommitMs`), the retry held 4 s (`afterLostResponse`): the retry meets what the first POST made, a 409
 *   for the connector, the upsert's `isNew: false` for the instance, and takes it as its own;
 * - a connector and a trigger instance whose POSTs are answered by a reset after the server acted on them
 *   (`resetRate: 1, resetAfterHandler: true`), with the server's clock an hour ahead, then an hour behind
 *   (`clockOffsetMs`): the look-up after the lost response finds what the POST made and takes it.
 *
 * Each `up` succeeds, and every connector name and instance config is held by exactly one live object, the one
 * `pulumi stack export` holds: no duplicate, no orphan.
 */
import { collect } from "../../src/client";
import type { FaultSettings } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { githubTokenAccount } from "./github-account";
import { liveConnectorIds } from "./live-connectors";
import { afterLostResponse } from "./lost-response";

const CREATE = "POST /api/v1/integrations";
const ENABLE = "POST /api/v1/triggers/enable/:connectedAccountId/:triggerName";
const HOUR_MS = 3_600_000;
/** The first POST is applied this long after its reset; the retry is held longer, so it meets it. */
const LATE_COMMIT_MS = 2_000;
const RETRY_HELD_MS = 4_000;

export interface LostCreateFrontEnd {
  /** The resource types in state. */
  connectorType: string;
  instanceType: string;
  /** A stack of the front end's program for this emulator; `accountId` is the trigger instances' account. */
  stack(api: E2eApi, accountId: string): Promise<PulumiStack>;
  /**
   * Declares the resources of the next `up`: the connectors by name, the trigger instances by repository. By
   * default through the stack config, `connectors` and `instances` as JSON lists, which a Node.js program reads.
   */
  declare?(connectors: string[], instances: string[]): Promise<void>;
}

interface Scenario {
  run: OperationResult;
  /** The creating POSTs the emulator saw, as "METHOD route status" (0: reset), in order. */
  posts: string[];
}

export function describeLostCreates(title: string, frontEnd: LostCreateFrontEnd): void {
  describe(title, () => {
    let api: E2eApi;
    let stack: PulumiStack;
    let accountId: string;
    const connectors: string[] = [];
    const instances: string[] = [];
    const scenarios: Record<string, Scenario> = {};

    /** One `up` adding these resources, under `faults`; `retry` gives the attempt after a lost response others. */
    async function up(
      label: string,
      add: { connector?: string; instance?: string },
      faults: Partial<FaultSettings>,
      retry?: { route: string; faults: Partial<FaultSettings> },
    ): Promise<void> {
      if (add.connector) connectors.push(add.connector);
      if (add.instance) instances.push(add.instance);
      if (frontEnd.declare) await frontEnd.declare(connectors, instances);
      else {
        await stack.setConfig("connectors", JSON.stringify(connectors));
        await stack.setConfig("instances", JSON.stringify(instances));
      }
      api.emulator.requestLog.clear();
      api.emulator.setFaults(faults);
      const retried =
        retry && afterLostResponse(api.emulator, retry.route, () => api.emulator.setFaults(retry.faults));
      const run = await stack.up({ skipPreview: true });
      api.emulator.clearFaults();
      await retried;
      const posts = api.emulator.requestLog
        .entries()
        .map((entry) => `${entry.method} ${entry.route} ${entry.statusCode}`)
        .filter((line) => line.startsWith(`${CREATE} `) || line.startsWith(`${ENABLE} `));
      scenarios[label] = { run, posts };
    }

    beforeAll(async () => {
      const started = performance.now();
      api = await startE2eApi();
      ({ accountId } = await githubTokenAccount(api.client, {
        name: "lost-create-account",
        token: distinctiveSecret("github-token"),
      }));
      stack = await frontEnd.stack(api, accountId);
      const late = { lateCommitMs: LATE_COMMIT_MS, remaining: 1 };
      const slowRetry = { lateCommitMs: null, latencyMs: RETRY_HELD_MS, remaining: 1 };
      await up(
        "lateConnector",
        { connector: "late-connector" },
        { ...late, match: [CREATE] },
        { route: CREATE, faults: { ...slowRetry, match: [CREATE] } },
      );
      await up(
        "lateInstance",
        { instance: "late" },
        { ...late, match: [ENABLE] },
        { route: ENABLE, faults: { ...slowRetry, match: [ENABLE] } },
      );
      // The first request of each route, whichever the engine sends first (one `remaining: 2` would lose the
      // connector's POST twice when its retry comes before the instance's enable).
      const lost = { resetRate: 1, resetAfterHandler: true, remainingPerRoute: { [CREATE]: 1, [ENABLE]: 1 } };
      await up(
        "clockAhead",
        { connector: "clock-ahead", instance: "ahead" },
        { ...lost, clockOffsetMs: HOUR_MS },
      );
      await up(
        "clockBehind",
        { connector: "clock-behind", instance: "behind" },
        { ...lost, clockOffsetMs: -HOUR_MS },
      );
      console.log(`${title}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }, 300_000);

    afterAll(async () => {
      await stack?.dispose();
      await api?.close();
    });

    /** The ids in state of the resources of a type whose logical name is `name`. */
    const stateIds = async (type: string, name: string) =>
      (await stack.resources())
        .filter((resource) => resource.type === type && resource.urn.endsWith(`::${name}`))
        .map((resource) => resource.id);
    /** The live instances of the account's trigger whose config names `repo`. */
    const liveInstanceIds = async (repo: string) =>
      (await collect(api.client.activeTriggers({ connectedAccountIds: [accountId], showDisabled: true })))
        .filter((instance) => instance.triggerConfig?.repo === repo)
        .map((instance) => instance.id);

    it("a connector's lost create that meets its own 409: the up succeeds, one connector, held by the state", async () => {
      const { run, posts } = scenarios.lateConnector!;
      expect(run.error).toBeUndefined();
      expect(posts).toEqual([`${CREATE} 0`, `${CREATE} 409`]);
      const live = await liveConnectorIds(api.client, "late-connector");
      expect(live).toHaveLength(1);
      expect(await stateIds(frontEnd.connectorType, "late-connector")).toEqual(live);
    });

    it("a trigger instance's lost enable that meets its own instance (isNew: false): one instance, held", async () => {
      const { run, posts } = scenarios.lateInstance!;
      expect(run.error).toBeUndefined();
      expect(posts).toEqual([`${ENABLE} 0`, `${ENABLE} 200`]);
      const live = await liveInstanceIds("late");
      expect(live).toHaveLength(1);
      expect(await stateIds(frontEnd.instanceType, "stars-late")).toEqual(live);
    });

    it.each([
      ["clockAhead", "clock-ahead", "ahead", HOUR_MS],
      ["clockBehind", "clock-behind", "behind", -HOUR_MS],
    ])(
      "%s: lost responses of both creates, each taken, no duplicate",
      async (label, connector, repo, offset) => {
        const { run, posts } = scenarios[label]!;
        expect(run.error).toBeUndefined();
        // The connector's POST sent again after its lost answer meets the connector the first one made (409),
        // proven this call's by the server's own clock, however far it is from ours.
        expect([...posts].sort()).toEqual([`${CREATE} 0`, `${CREATE} 409`, `${ENABLE} 0`]);
        const live = await liveConnectorIds(api.client, connector);
        expect(live).toHaveLength(1);
        // Made by the server's skewed clock (within 10 minutes of the offset: the scenario's own duration).
        const { createdAt } = await api.client.getIntegration(live[0]!);
        expect(Math.abs(Date.parse(String(createdAt)) - Date.now() - offset)).toBeLessThan(600_000);
        expect(await stateIds(frontEnd.connectorType, connector)).toEqual(live);
        const liveInstances = await liveInstanceIds(repo);
        expect(liveInstances).toHaveLength(1);
        expect(await stateIds(frontEnd.instanceType, `stars-${repo}`)).toEqual(liveInstances);
      },
    );

    it("ends with nothing pending and every object held once", async () => {
      expect(await stack.pendingOperations()).toEqual([]);
      for (const name of connectors) expect((await liveConnectorIds(api.client, name)).length).toBe(1);
      for (const repo of instances) expect((await liveInstanceIds(repo)).length).toBe(1);
    });
  });
}
