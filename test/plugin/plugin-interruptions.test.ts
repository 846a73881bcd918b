/**
 * Stopping the plugin's calls on the real CLI and the real `pulumi-language-yaml`, a stack and a Pulumi YAML
 * program per behaviour:
 *
 * - Ctrl-C (test/plugin/yaml-programs/ctrl-c): SIGINT to the `pulumi` process while a connector's create is in
 *   flight (the emulator holds the POST 3 s). The engine asks the plugin to cancel; the POST already sent
 *   finishes. Then, faults cleared (and `pulumi cancel` if a lock were left), the next `up`: exactly one
 *   connector of that name, held by the state.
 * - `customTimeouts: { update: "2s" }` on a connector whose PATCH the emulator holds 8 s
 *   (test/plugin/yaml-programs/custom-timeouts): the up fails in about 2 s naming customTimeouts (the PATCH is
 *   not waited for); faults cleared, the next up converges, no duplicate.
 * - Ctrl-C while an update of that connector waits out a 429's Retry-After: the plugin's Cancel ends the wait,
 *   nothing more is sent.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { cancel } from "../faults/support/kill";
import { LOCKED } from "../faults/support/pulumi-words";
import { waitFor } from "../faults/support/processes";
import { liveConnectorIds } from "../support/live-connectors";
import { pinnedCli } from "../support/pulumi-cli";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const CONNECTOR = "integrations:index:Connector";
const CREATE = "POST /api/v1/integrations";
const PATCH = "PATCH /api/v1/integrations/:integrationId";

describe("the plugin on the real CLI, stopped: Ctrl-C and customTimeouts", () => {
  let api: E2eApi;
  let programDir: string;
  let stack: PulumiStack;
  /** The program and stack of the connector with customTimeouts. */
  let timedProgramDir: string;
  let timedStack: PulumiStack;
  const runs: Record<string, OperationResult> = {};
  const timings: Record<string, number> = {};
  let lockedAfterInterrupt = false;
  let afterInterrupt: { live: string[]; state: (string | undefined)[] };

  /** `pulumi up` with the POST or PATCH held by the emulator, and what happens once it arrived there. */
  async function upWhileHeld(
    on: PulumiStack,
    route: string,
    holdMs: number,
    onArrival: () => void,
  ): Promise<OperationResult> {
    api.emulator.setFaults({ latencyMs: holdMs, match: [route], remaining: 1 });
    const up = on.up({ skipPreview: true });
    await waitFor(`the ${route} to arrive`, () => api.emulator.faults().remaining === 0, {
      timeoutMs: 120_000,
    });
    timings.arrived = performance.now();
    onArrival();
    const result = await up;
    timings.ended = performance.now();
    api.emulator.clearFaults();
    return result;
  }

  /** `pulumi up`; a lock left behind is removed with `pulumi cancel` first. */
  async function upAfterInterruption(): Promise<OperationResult> {
    const run = await stack.up({ skipPreview: true });
    if (!run.output.includes(LOCKED)) return run;
    lockedAfterInterrupt = true;
    await cancel(stack);
    return stack.up({ skipPreview: true });
  }

  /** SIGINT to the `pulumi up` of that stack, as Ctrl-C in a terminal sends it. */
  function interrupt(programOf: string): void {
    const pid = pulumiPid(programOf, "up");
    if (pid === undefined) throw new Error("no pulumi up process found");
    process.kill(pid, "SIGINT");
  }

  const stateIdsOf = async (name: string, of = stack) =>
    (await of.resources())
      .filter((resource) => resource.type === CONNECTOR && resource.urn.endsWith(`::${name}`))
      .map((resource) => resource.id);

  beforeAll(async () => {
    const started = performance.now();
    api = await startE2eApi();
    const account = {
      config: { "integrations:baseUrl": api.emulator.url },
      secrets: { "integrations:apiKey": api.apiKey },
    };
    programDir = stageYamlProgram(join(__dirname, "yaml-programs", "ctrl-c"), "plugin-ctrl-c");
    stack = await yamlPluginStack(programDir, account);
    timedProgramDir = stageYamlProgram(
      join(__dirname, "yaml-programs", "custom-timeouts"),
      "plugin-custom-timeouts",
    );
    timedStack = await yamlPluginStack(timedProgramDir, account);

    runs.interrupted = await upWhileHeld(stack, CREATE, 3_000, () => interrupt(programDir));
    timings.interruptedAfterMs = timings.ended! - timings.arrived!;
    afterInterrupt = {
      live: await liveConnectorIds(api.client, "ctrl-c"),
      state: await stateIdsOf("ctrl-c"),
    };
    runs.next = await upAfterInterruption();
    runs.timedCreate = await timedStack.up({ skipPreview: true });

    await timedStack.setConfig("timedEnabled", "false");
    runs.timedOut = await upWhileHeld(timedStack, PATCH, 8_000, () => undefined);
    timings.timedOutAfterMs = timings.ended! - timings.arrived!;
    runs.converged = await timedStack.up({ skipPreview: true });

    // Ctrl-C while the update waits out a 429's Retry-After (10 s): the plugin's Cancel ends the wait.
    await timedStack.setConfig("timedEnabled", "true");
    api.emulator.requestLog.clear();
    api.emulator.setFaults({ throttleRate: 1, retryAfterSeconds: 10, match: [PATCH] });
    const throttled = timedStack.up({ skipPreview: true });
    await waitFor(
      "a 429",
      () => api.emulator.requestLog.entries().some((entry) => entry.statusCode === 429),
      {
        timeoutMs: 120_000,
      },
    );
    interrupt(timedProgramDir);
    timings.interrupted = performance.now();
    runs.cancelledWait = await throttled;
    timings.cancelledWaitAfterMs = performance.now() - timings.interrupted;
    api.emulator.clearFaults();
    console.log(`plugin interruptions: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 300_000);

  afterAll(async () => {
    // The PATCH the timed-out update left is held 8 s from its arrival: let it end before the emulator closes.
    await sleep(Math.max(0, (timings.arrived ?? 0) + 8_000 - performance.now()));
    await stack?.dispose();
    await timedStack?.dispose();
    await api?.close();
  });

  it("Ctrl-C during a create: the CLI cancels, the create in flight finishes and is recorded", () => {
    const run = runs.interrupted!;
    console.log(
      `Ctrl-C: exit ${run.exitCode} ${timings.interruptedAfterMs!.toFixed(0)} ms after the POST arrived; ` +
        `locked after: ${lockedAfterInterrupt}\n${run.output}`,
    );
    expect(run.output).toContain(
      "^C received; cancelling. If you would like to terminate immediately, press ^C again.",
    );
    expect(run.error).toContain("update canceled");
    // The POST already sent ran to its end (3 s held), and the engine recorded what it made.
    expect(timings.interruptedAfterMs).toBeGreaterThan(2_500);
    expect(afterInterrupt.live).toHaveLength(1);
    expect(afterInterrupt.state).toEqual(afterInterrupt.live);
  });

  it("the next up: exactly one connector of that name, held by the state, nothing pending", async () => {
    const run = runs.next!;
    console.log(`next up:\n${run.output}`);
    expect(run.error).toBeUndefined();
    const live = await liveConnectorIds(api.client, "ctrl-c");
    expect(live).toHaveLength(1);
    expect(await stateIdsOf("ctrl-c")).toEqual(live);
    expect(await stack.pendingOperations()).toEqual([]);
  });

  it("customTimeouts update 2s: the up fails in about 2 s, not the PATCH's 8, naming customTimeouts", () => {
    const run = runs.timedOut!;
    console.log(
      `customTimeouts: exit ${run.exitCode} ${timings.timedOutAfterMs!.toFixed(0)} ms after the PATCH arrived\n` +
        run.output,
    );
    expect(run.error).toContain("stopped: the update ran past its customTimeouts (2 s)");
    // The CLI's exit, not the update's end: the 2 s, then the engine's and the CLI's own wind-down.
    expect(timings.timedOutAfterMs).toBeLessThan(6_000);
  });

  it("faults cleared, the next up converges with no duplicate", async () => {
    expect(runs.timedCreate!.error).toBeUndefined();
    expect(runs.converged!.error).toBeUndefined();
    const live = await liveConnectorIds(api.client, "timed");
    expect(live).toHaveLength(1);
    expect(await stateIdsOf("timed", timedStack)).toEqual(live);
    expect((await api.client.getIntegration(live[0]!)).enabled).toBe(false);
  });

  it("Ctrl-C while a retry waits: the plugin's Cancel ends the wait at once, nothing more is sent", () => {
    const run = runs.cancelledWait!;
    console.log(
      `Ctrl-C during a Retry-After: ended ${timings.cancelledWaitAfterMs!.toFixed(0)} ms after SIGINT\n${run.output}`,
    );
    expect(run.output).toContain("stopped: the deployment was cancelled");
    expect(timings.cancelledWaitAfterMs).toBeLessThan(8_000);
    expect(
      api.emulator.requestLog.count({ method: "PATCH", route: "/api/v1/integrations/:integrationId" }),
    ).toBe(1);
  });
});

/** The pid of the pinned CLI's `pulumi <command>` running in `programDir` (its `--cwd`), if any. */
function pulumiPid(programDir: string, command: string): number | undefined {
  const bin = pinnedCli().bin;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (argv[0] === bin && argv.includes(programDir) && argv.includes(command)) return Number(entry);
    } catch {
      // Ended while being looked at.
    }
  }
  return undefined;
}
