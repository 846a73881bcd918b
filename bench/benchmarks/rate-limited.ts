/**
 * (6) Rate limits: `up` of N connectors on the real `pulumi` CLI against the emulator limited to a few
 * requests/s per key (429 with Retry-After beyond it), against two floors: the rate limit's (the requests the
 * up needed / the limit) and the null provider's (the same program on a provider that does no I/O, in the
 * same run). Counts failed steps and duplicate connectors. The same N without a limit is the scale
 * benchmark's `up`.
 */
import { ApiClient, collect } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { OperationResult } from "../../tools/pulumi/types";
import { assertStepCount, measureOperation } from "../support/measure";
import { BENCH_PARALLEL, createBenchStack } from "../support/stacks";
import { stageBenchProgram } from "../support/staging";
import { ratio, round } from "../support/stats";
import type { Benchmark, BenchmarkContext } from "../support/types";

const LATENCY_MS = 20;
/**
 * N and the limit keep this benchmark within about half a minute on 2 cores while the limit, not the CLI, is
 * what bounds the up: N requests at RATE_PER_SECOND take longer than the null provider's up of N.
 */
const N = 40;
const RATE_PER_SECOND = 2;
/** The bound set for the rate-limited up: at most this many times the larger floor. */
const TARGET_RATIO = 1.25;

interface CaseResult {
  n: number;
  rateLimitPerSecond: number;
  providerMs: number;
  nullProviderMs: number;
  /** Requests the up needed (answered, not throttled). */
  requests: number;
  throttled: number;
  rateFloorMs: number;
  failedSteps: number;
  duplicates: number;
}

export const rateLimited: Benchmark = {
  name: "rate-limited",
  inDefaultRun: true,
  title: "Rate-limited scale",
  async run(context: BenchmarkContext) {
    const programs = {
      provider: await stageBenchProgram("connectors"),
      floor: await stageBenchProgram("null-connectors"),
    };
    const r = await runCase(programs, context);
    const floor = Math.max(r.nullProviderMs, r.rateFloorMs);
    return {
      tables: [
        {
          title: `\`up\` of ${N} connectors against an API limited to ${RATE_PER_SECOND} requests/s per key (pulumi CLI, --parallel ${BENCH_PARALLEL}, emulator latency ${LATENCY_MS} ms, maxConcurrentRequests 8)`,
          columns: [
            "up (s)",
            "null-provider floor (s)",
            "rate-limit floor (s)",
            "ratio to the larger floor",
            "requests (429s)",
            "failed steps",
            "duplicates",
          ],
          rows: [
            [
              round(r.providerMs / 1000, 1),
              round(r.nullProviderMs / 1000, 1),
              round(r.rateFloorMs / 1000, 1),
              ratio(r.providerMs, floor),
              `${r.requests} (${r.throttled})`,
              r.failedSteps,
              r.duplicates,
            ],
          ],
          notes: [
            `Rate-limit floor: the requests the up needed divided by ${RATE_PER_SECOND}/s. Target: ratio ≤ ${TARGET_RATIO}.`,
            "The up also starts the CLI, the program and the provider before its first request (most of the null-provider floor at this N), which the rate-limit floor leaves out: the smaller N, the higher the ratio reads.",
            "Wall time of `pulumi up --skip-preview` (as the Automation API runs it), start to exit.",
            "Duplicates: connectors sharing a name in the account after the up (each name is created once).",
          ],
        },
      ],
      data: { latencyMs: LATENCY_MS, parallel: BENCH_PARALLEL, result: r },
    };
  },
};

async function runCase(
  programs: { provider: string; floor: string },
  context: BenchmarkContext,
): Promise<CaseResult> {
  const n = N;
  const faults = { latencyMs: LATENCY_MS, rateLimitPerSecond: RATE_PER_SECOND };
  const emulator = await startEmulator({ port: 0, faults });
  const stack = `rl${n}`;
  // Set up at once: each is a few CLI runs (stack select, config), none of them measured.
  const [provider, floor] = await Promise.all([
    createBenchStack(programs.provider, { stack, emulator, settings: { count: n } }),
    createBenchStack(programs.floor, { stack, settings: { count: n } }),
  ]);
  try {
    context.progress(`rate-limited: N=${n} (null provider)`);
    const floorRun = await measureOperation(floor, "up");
    assertStepCount(floorRun.result, "create", n);
    context.progress(`rate-limited: N=${n}, ${RATE_PER_SECOND} req/s (provider)`);
    emulator.requestLog.clear();
    const providerRun = await measureOperation(provider, "up");
    assertStepCount(providerRun.result, "create", n);
    const entries = emulator.requestLog.entries();
    const throttled = entries.filter((entry) => entry.statusCode === 429).length;
    const requests = entries.length - throttled;
    return {
      n,
      rateLimitPerSecond: RATE_PER_SECOND,
      providerMs: providerRun.wallMs,
      nullProviderMs: floorRun.wallMs,
      requests,
      throttled,
      rateFloorMs: (requests / RATE_PER_SECOND) * 1000,
      failedSteps: failedSteps(providerRun.result, n),
      duplicates: await duplicates(emulator),
    };
  } finally {
    await Promise.all([provider.dispose(), floor.dispose()]);
    await emulator.close();
  }
}

/** Creates that did not complete (a failed step is still a step, marked failed, in the event log). */
function failedSteps(result: OperationResult, n: number): number {
  const created = result.steps.filter(
    (step) => step.name.startsWith("connector-") && step.op === "create" && step.done && !step.failed,
  );
  return n - created.length;
}

/** Connectors beyond the first of each name, read after the limit is lifted. */
async function duplicates(emulator: RunningEmulator): Promise<number> {
  emulator.clearFaults();
  const client = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey });
  try {
    const live = (await collect(client.listIntegrations({ showDisabled: true }))).filter((c) => !c.deleted);
    return live.length - new Set(live.map((connector) => connector.name)).size;
  } finally {
    client.close();
  }
}
