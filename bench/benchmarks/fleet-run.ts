/**
 * One fleet of the fleet benchmark (./fleet.ts): S stacks of C connectors, all on one key of one emulator
 * account limited to R requests/s, taken through `up`, a no-op `up` and `destroy`, each phase on all S stacks
 * at once. What a phase is measured by: the emulator's request log (the key's requests, less the probe
 * client's), the account's connectors after it, the stacks' states, and the processes under this one.
 */
import { performance } from "node:perf_hooks";
import type { PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import type { FleetPrograms, FrontEnd } from "../support/fleet-programs";
import { createFleet, mapLimit } from "../support/fleet-stacks";
import type { PluginBuild } from "../support/null-plugin";
import { startProbeClient, type ProbeCounts } from "../support/probe-client";
import { DescendantSampler } from "../support/process-usage";
import { serveEmulator, type LoggedRequest, type ServedEmulator } from "../support/served-emulator";
import { BENCH_PARALLEL } from "../support/stacks";

export type FleetPhase = "up" | "no-op up" | "destroy";

const PHASES: FleetPhase[] = ["up", "no-op up", "destroy"];
/** Stack exports (a CLI run each, not measured) at once. */
const EXPORT_CONCURRENCY = 4;

export interface FleetSize {
  stacks: number;
  connectors: number;
  ratePerSecond: number;
  latencyMs: number;
}

export interface FleetCase {
  /** e.g. "plugin", "plugin, capped": a row label and the key of the results. */
  label: string;
  frontEnd: FrontEnd;
  /** The plugin the stacks run on (installed in the fleet's PULUMI_HOME); the null plugin's is asked for by version. */
  plugin?: { build: PluginBuild; requestVersion: boolean };
  /** INTEGRATIONS_MAX_REQUESTS_PER_SECOND for every stack's processes. */
  capPerStack?: number;
  /** Requests/s of the probe client during `up` (none when undefined). */
  probePerSecond?: number;
}

export interface PhaseFigures {
  phase: FleetPhase;
  /** From the start of the S operations to the end of the last. */
  wallMs: number;
  /** The fleet's answered (non-429) requests. */
  requests: number;
  /** The fleet's 429s. */
  throttled: number;
  /** Every answered request of the key in the phase, the probe's included: what the limit let through. */
  answeredOnKey: number;
  /** answeredOnKey / R. */
  rateFloorMs: number;
  requestsPerConnector: number;
  failedStacks: number;
  /** The failures' messages, each once, with how many stacks failed with it. */
  errors: { message: string; stacks: number }[];
  /** The stacks' resource changes, summed (the stacks themselves included). */
  changes: Record<string, number>;
  /** Connectors in the account after the phase. */
  liveConnectors: number;
  /** After up and no-op up: live connectors beyond one per name, or beyond the connectors in the stacks' states. */
  duplicates?: { sameName: number; untracked: number };
  /** After destroy: connectors still in the account. */
  leftovers?: number;
  /** Highest sum of RSS in one sample: this process (the programs) and everything it started but the emulator. */
  peakMemoryKb: number;
  /** CPU time of the same processes. */
  cpuMs: number;
  probe?: ProbeCounts;
}

export interface FleetCaseResult {
  label: string;
  frontEnd: FrontEnd;
  nullProvider: boolean;
  capPerStack: number | null;
  phases: PhaseFigures[];
}

export interface FleetRunContext {
  size: FleetSize;
  programs: FleetPrograms;
  /** Where the fleet's folders go. */
  dir: string;
  cli: { command: PulumiCommand; bin: string };
  progress(message: string): void;
}

export async function runFleetCase(fleetCase: FleetCase, context: FleetRunContext): Promise<FleetCaseResult> {
  const { size } = context;
  const emulator = await serveEmulator({ rateLimitPerSecond: size.ratePerSecond, latencyMs: size.latencyMs });
  try {
    const pluginVersion = fleetCase.plugin?.requestVersion ? fleetCase.plugin.build.version : undefined;
    const stacks = await createFleet({
      dir: context.dir,
      programDir: context.programs.dir,
      command: context.cli.command,
      stackNames: Array.from({ length: size.stacks }, (_, i) => `fleet-${i}`),
      program: () => context.programs.program(fleetCase.frontEnd, size.connectors, pluginVersion),
      account: { baseUrl: emulator.url, apiKey: emulator.apiKey },
      plugins: fleetCase.plugin ? [fleetCase.plugin.build] : [],
      env:
        fleetCase.capPerStack === undefined
          ? {}
          : { INTEGRATIONS_MAX_REQUESTS_PER_SECOND: String(fleetCase.capPerStack) },
    });
    const phases: PhaseFigures[] = [];
    for (const phase of PHASES) {
      const figures = await runPhase(phase, stacks, emulator, fleetCase, context);
      context.progress(
        `fleet: ${fleetCase.label}: ${phase} ${(figures.wallMs / 1000).toFixed(1)} s, ` +
          `${figures.requests} requests, ${figures.throttled} 429s, ${figures.failedStacks} failed stacks`,
      );
      phases.push(figures);
    }
    return {
      label: fleetCase.label,
      frontEnd: fleetCase.frontEnd,
      nullProvider: fleetCase.plugin?.requestVersion ?? false,
      capPerStack: fleetCase.capPerStack ?? null,
      phases,
    };
  } finally {
    await emulator.stop();
  }
}

async function runPhase(
  phase: FleetPhase,
  stacks: Stack[],
  emulator: ServedEmulator,
  fleetCase: FleetCase,
  context: FleetRunContext,
): Promise<PhaseFigures> {
  const { size } = context;
  await emulator.clearRequests();
  const probe =
    phase === "up" && fleetCase.probePerSecond !== undefined
      ? startProbeClient(emulator.url, emulator.apiKey, fleetCase.probePerSecond)
      : undefined;
  const sampler = new DescendantSampler(context.cli.bin, process.pid, {
    includeRoot: true,
    excludePids: [emulator.pid],
  }).start();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    stacks.map((stack) =>
      phase === "destroy"
        ? stack.destroy({ parallel: BENCH_PARALLEL })
        : stack.up({ parallel: BENCH_PARALLEL }),
    ),
  );
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const usage = sampler.stop();
  const probeCounts = await probe?.stop();

  const log = await emulator.requests();
  const live = await emulator.liveConnectors();
  const { answered, throttled } = countRequests(log);
  const probeAnswered = probeCounts ? probeCounts.sent - probeCounts.throttled : 0;
  const requests = answered - probeAnswered;
  const connectors = size.stacks * size.connectors;
  const changes: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (outcome.status !== "fulfilled") continue;
    for (const [op, n] of Object.entries(outcome.value.summary.resourceChanges ?? {}))
      changes[op] = (changes[op] ?? 0) + n;
  }
  return {
    phase,
    wallMs: Math.round(wallMs),
    requests,
    throttled: throttled - (probeCounts?.throttled ?? 0),
    answeredOnKey: answered,
    rateFloorMs: Math.round((answered / size.ratePerSecond) * 1000),
    requestsPerConnector: requests / connectors,
    failedStacks: outcomes.filter((outcome) => outcome.status === "rejected").length,
    errors: failures(outcomes),
    changes,
    liveConnectors: live.length,
    ...(phase === "destroy"
      ? { leftovers: live.length }
      : {
          duplicates: {
            sameName: live.length - new Set(live.map((connector) => connector.name)).size,
            untracked: Math.max(0, live.length - (await connectorsInState(stacks))),
          },
        }),
    peakMemoryKb: usage.peakTotalKb,
    cpuMs: Math.round(
      (cpu.user + cpu.system) / 1000 + Object.values(usage.cpuMsByRole).reduce((sum, ms) => sum + ms, 0),
    ),
    ...(probeCounts ? { probe: probeCounts } : {}),
  };
}

/** Answered and throttled requests of the key to the API (not the emulator's own test routes). */
function countRequests(log: LoggedRequest[]): { answered: number; throttled: number } {
  const api = log.filter((entry) => entry.route.startsWith("/api/"));
  const throttled = api.filter((entry) => entry.statusCode === 429).length;
  return { answered: api.length - throttled, throttled };
}

/** The connectors the fleet's states hold, whichever front end's type they have. */
async function connectorsInState(stacks: Stack[]): Promise<number> {
  const counts = await mapLimit(stacks, EXPORT_CONCURRENCY, async (stack) => {
    const { deployment } = await stack.exportStack();
    const resources = (deployment as { resources?: { type: string }[] }).resources ?? [];
    return resources.filter((resource) => /Connector$/.test(resource.type)).length;
  });
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The first line of each failure that says what went wrong (the CLI's `error:` line), with its count. */
function failures(outcomes: PromiseSettledResult<unknown>[]): { message: string; stacks: number }[] {
  const byMessage = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.status !== "rejected") continue;
    const text = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
    const lines = text.split("\n").map((line) => line.trim());
    const line = lines.find((l) => /error:/i.test(l) && !/update failed/.test(l)) ?? lines[0] ?? "";
    // Each stack's own names and ids make every message unique: the pattern is what is worth counting.
    const message = line.replace(/bench-fleet-\d+-\d+/g, "bench-fleet-<s>-<i>").slice(0, 300);
    byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
  }
  return [...byMessage].map(([message, stacks]) => ({ message, stacks }));
}
