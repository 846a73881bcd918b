/**
 * (8) Environment provisioning, a fleet at once: S stacks of C connectors each (default 20 × 50), all on ONE
 * API key of one emulator account limited to R requests/s (default 20; the emulator's token bucket, 1 s of
 * burst, 429 with Retry-After and X-RateLimit-*), every stack's `up`, then a no-op `up`, then `destroy` run at
 * the same time through Pulumi's Node Automation API: `LocalWorkspace` with an inline program, so the CLI
 * (the pinned one this repository builds, tools/pulumi) is handed this process's language server with
 * `--client` and no language host is needed (../support/fleet-stacks.ts). The emulator runs in a process of
 * its own, off the event loop that runs the S programs, as a remote API would.
 *
 * Each front end runs the fleet twice: the provider plugin (its Node.js SDK; the plugin installed from its
 * tarball) and the dynamic provider (the package's `Connector`), each without and then with the provider's
 * request-rate cap (INTEGRATIONS_MAX_REQUESTS_PER_SECOND in every stack's environment, (R − 2) / S per
 * stack: the fleet leaves 2 requests/s to the probe). In each fleet's `up` a separate client sends 2
 * requests/s on the same key (GET client_info, no retries) and counts the 429s it meets: what a fleet
 * costs everybody else on the account. And the same fleet once on the null plugin (the plugin's server with
 * handlers that make no request, bench/plugin/null-plugin.ts), where the CPU of 2 cores, not the rate limit,
 * bounds the time.
 *
 * Per phase: wall time; the rate floor (the answered requests on the key ÷ R) and wall ÷ floor (target ≤
 * 1.25); the fleet's requests per connector (target ≤ 1.1 for up and destroy: one write each); the 429s;
 * failed stacks; duplicates after up (connectors sharing a name, or more connectors than the states hold)
 * and leftovers after destroy; peak memory and CPU of every process but the emulator.
 *
 *   npm run bench -- --fleet [--stacks S] [--connectors C] [--rate R] [--cases <case>,...]
 */
import { automationCli } from "../support/fleet-stacks";
import { fleetPrograms } from "../support/fleet-programs";
import { nullPlugin, realPlugin } from "../support/null-plugin";
import { createStageRoot } from "../../test/support/packed-package";
import type { Benchmark, BenchmarkContext } from "../support/types";
import { runFleetCase, type FleetCase, type FleetCaseResult, type FleetSize } from "./fleet-run";
import { fleetTables } from "./fleet-tables";

export const FLEET_DEFAULTS = { stacks: 20, connectors: 50, ratePerSecond: 20 };
/** The emulator's added latency per request, as in the other benchmarks of the engine. */
const LATENCY_MS = 20;
/** The separate client's requests per second during `up`. */
export const PROBE_PER_SECOND = 2;

export const FLEET_CASES = ["plugin", "plugin-capped", "dynamic", "dynamic-capped", "plugin-null"] as const;
export type FleetCaseName = (typeof FLEET_CASES)[number];

export const fleet: Benchmark = {
  name: "fleet",
  inDefaultRun: false,
  title: "Fleet provisioning",
  async run(context: BenchmarkContext) {
    const size: FleetSize = {
      stacks: context.fleet?.stacks ?? FLEET_DEFAULTS.stacks,
      connectors: context.fleet?.connectors ?? FLEET_DEFAULTS.connectors,
      ratePerSecond: context.fleet?.ratePerSecond ?? FLEET_DEFAULTS.ratePerSecond,
      latencyMs: LATENCY_MS,
    };
    const names = context.fleet?.cases ?? [...FLEET_CASES];
    // The cap leaves the probe its share: what the fleet may use, split between its stacks.
    const capPerStack = (size.ratePerSecond - PROBE_PER_SECOND) / size.stacks;
    if (names.some((name) => name.endsWith("-capped")) && !(capPerStack > 0))
      throw new Error(`--rate must be above ${PROBE_PER_SECOND} (the probe's share) for the capped fleets`);
    context.progress("fleet: staging the programs and building the plugin tarballs");
    const [programs, real, nullBuild] = await Promise.all([fleetPrograms(), realPlugin(), nullPlugin()]);
    const cli = await automationCli(createStageRoot());
    const cases: Record<FleetCaseName, FleetCase> = {
      plugin: { label: "plugin", frontEnd: "plugin", plugin: { build: real, requestVersion: false } },
      "plugin-capped": {
        label: "plugin, capped",
        frontEnd: "plugin",
        plugin: { build: real, requestVersion: false },
        capPerStack,
      },
      dynamic: { label: "dynamic", frontEnd: "dynamic" },
      "dynamic-capped": { label: "dynamic, capped", frontEnd: "dynamic", capPerStack },
      "plugin-null": {
        label: "null plugin",
        frontEnd: "plugin",
        plugin: { build: nullBuild, requestVersion: true },
      },
    };
    const results: FleetCaseResult[] = [];
    for (const name of names) {
      const fleetCase = cases[name];
      // The probe runs beside the fleets of the real front ends, whose requests it competes with.
      const probe = name === "plugin-null" ? {} : { probePerSecond: PROBE_PER_SECOND };
      context.progress(`fleet: ${fleetCase.label}: ${size.stacks} stacks × ${size.connectors} connectors`);
      results.push(
        await runFleetCase(
          { ...fleetCase, ...probe },
          { size, programs, dir: createStageRoot(), cli, progress: context.progress },
        ),
      );
    }
    return {
      tables: fleetTables(results, { ...size, probePerSecond: PROBE_PER_SECOND, capPerStack }),
      data: { ...size, probePerSecond: PROBE_PER_SECOND, capPerStack, cases: results },
    };
  },
};
