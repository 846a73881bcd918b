/**
 * (6) Rate limits: `up` of 1,000 connectors against the emulator limited to 20 requests/s per key (429
 * with Retry-After beyond it), against two floors: the rate limit's (the requests the up needed / 20 per
 * second) and the null provider's (the same program on a provider that does no I/O). Then 200 connectors
 * with no limit, against the null provider, in the same run. Counts failed steps and duplicate connectors.
 */
import { ApiClient, collect } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { TestStack } from "../../test/engine";
import { assertStepCount, measureOperation } from "../support/measure";
import { createBenchStack } from "../support/stacks";
import { stageBenchProgram } from "../support/staging";
import { ratio, round } from "../support/stats";
import type { Benchmark, BenchmarkContext } from "../support/types";

const LATENCY_MS = 20;
const RATE_PER_SECOND = 20;
/** The bound on the rate-limited up: at most this many times the larger floor. */
const TARGET_RATIO = 1.25;

interface Case {
  label: string;
  n: number;
  rateLimitPerSecond: number | null;
}

interface CaseResult {
  label: string;
  n: number;
  providerMs: number;
  nullProviderMs: number;
  /** Requests the up needed (answered, not throttled). */
  requests: number;
  throttled: number;
  rateFloorMs: number | null;
  failedSteps: number;
  duplicates: number;
}

export const rateLimited: Benchmark = {
  name: "rate-limited",
  title: "Rate-limited scale",
  async run(context: BenchmarkContext) {
    const cases: Case[] = context.quick
      ? [
          { label: "100 connectors, 20 req/s per key", n: 100, rateLimitPerSecond: RATE_PER_SECOND },
          { label: "40 connectors, no limit", n: 40, rateLimitPerSecond: null },
        ]
      : [
          { label: "1,000 connectors, 20 req/s per key", n: 1000, rateLimitPerSecond: RATE_PER_SECOND },
          { label: "200 connectors, no limit", n: 200, rateLimitPerSecond: null },
        ];
    const programs = {
      provider: await stageBenchProgram("connectors"),
      floor: await stageBenchProgram("null-connectors"),
    };
    const results: CaseResult[] = [];
    for (const testCase of cases) results.push(await runCase(testCase, programs, context));
    return {
      tables: [
        {
          title:
            "`up` against a rate-limited API (test engine, emulator latency 20 ms, maxConcurrentRequests 8)",
          columns: [
            "Case",
            "up (s)",
            "null-provider floor (s)",
            "rate-limit floor (s)",
            "ratio to the larger floor",
            "requests (429s)",
            "failed steps",
            "duplicates",
          ],
          rows: results.map((r) => {
            const floor = Math.max(r.nullProviderMs, r.rateFloorMs ?? 0);
            return [
              r.label,
              round(r.providerMs / 1000, 1),
              round(r.nullProviderMs / 1000, 1),
              r.rateFloorMs === null ? "–" : round(r.rateFloorMs / 1000, 1),
              ratio(r.providerMs, floor),
              `${r.requests} (${r.throttled})`,
              r.failedSteps,
              r.duplicates,
            ];
          }),
          notes: [
            `Rate-limit floor: the requests the up needed divided by ${RATE_PER_SECOND}/s. Target: ratio ≤ ${TARGET_RATIO} with a limit; about 1.0 without.`,
            "Duplicates: connectors sharing a name in the account after the up (each name is created once).",
          ],
        },
      ],
      data: { latencyMs: LATENCY_MS, results },
    };
  },
};

async function runCase(
  testCase: Case,
  programs: { provider: string; floor: string },
  context: BenchmarkContext,
): Promise<CaseResult> {
  const { n } = testCase;
  const faults = { latencyMs: LATENCY_MS, rateLimitPerSecond: testCase.rateLimitPerSecond };
  const emulator = await startEmulator({ port: 0, faults });
  const stack = `rl${n}`;
  const provider = await createBenchStack(programs.provider, { stack, emulator, settings: { count: n } });
  const floor = await createBenchStack(programs.floor, { stack, settings: { count: n } });
  try {
    context.progress(`rate-limited: ${testCase.label} (null provider)`);
    const floorRun = await measureOperation(floor, "up");
    assertStepCount(floorRun.result, "create", n);
    context.progress(`rate-limited: ${testCase.label} (provider)`);
    emulator.requestLog.clear();
    const providerRun = await measureOperation(provider, "up");
    const entries = emulator.requestLog.entries();
    const throttled = entries.filter((entry) => entry.statusCode === 429).length;
    const requests = entries.length - throttled;
    return {
      label: testCase.label,
      n,
      providerMs: providerRun.wallMs,
      nullProviderMs: floorRun.wallMs,
      requests,
      throttled,
      rateFloorMs:
        testCase.rateLimitPerSecond === null ? null : (requests / testCase.rateLimitPerSecond) * 1000,
      failedSteps: failedSteps(providerRun.result, n),
      duplicates: await duplicates(emulator),
    };
  } finally {
    await Promise.all([provider.dispose(), floor.dispose()]);
    await emulator.close();
  }
}

function failedSteps(result: Awaited<ReturnType<TestStack["up"]>>, n: number): number {
  const created = result.steps.filter((step) => step.name.startsWith("connector-") && step.op === "create");
  return n - created.length + (result.error === undefined ? 0 : 1);
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
