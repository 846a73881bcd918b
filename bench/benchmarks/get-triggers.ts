/**
 * (5) `getTriggers` over a catalog of 10,000 triggers: time and memory of one call. The emulator and the
 * caller each run in a process of their own, so that the figures are the caller's alone.
 */
import { z } from "zod";
import { generateApiKey } from "../../src/emulator";
import { startScript } from "../support/node-script";
import { startServer } from "../support/server-process";
import { bytesToMb, median, ratio, round } from "../support/stats";
import type { Benchmark, BenchmarkContext } from "../support/types";

const TRIGGERS = 10_000;
const LATER_CALLS = 5;

const report = z.object({
  first: z.object({
    ms: z.number(),
    heapGrowth: z.number(),
    heapRetained: z.number(),
    rssBefore: z.number(),
    peakRssBefore: z.number(),
    peakRssAfter: z.number(),
  }),
  laterMs: z.array(z.number()),
  rawParseMs: z.array(z.number()),
  raw: z.object({ ms: z.number(), bytes: z.number() }),
});

export const getTriggersCost: Benchmark = {
  name: "get-triggers",
  inDefaultRun: false,
  title: "getTriggers over a large catalog",
  async run(context: BenchmarkContext) {
    // One API key per call: getTriggers answers a repeated query from its per-run cache, keyed by tenant.
    const apiKeys = Array.from({ length: LATER_CALLS + 1 }, generateApiKey).join(",");
    const emulator = await startServer(["emulator", "--triggers", String(TRIGGERS)], {
      BENCH_API_KEYS: apiKeys,
    });
    try {
      context.progress("get-triggers: calls");
      const caller = startScript("get-triggers-call.ts", [], {
        BENCH_URL: emulator.url,
        BENCH_API_KEYS: apiKeys,
        BENCH_TRIGGERS: String(TRIGGERS),
      });
      const { first, laterMs, rawParseMs, raw } = report.parse(await caller.report);
      return {
        tables: [
          {
            title: `getTriggers over a ${TRIGGERS.toLocaleString("en")}-trigger catalog (one call)`,
            columns: ["Measure", "Value"],
            rows: [
              ["First call in a fresh process (ms)", round(first.ms)],
              [`Raw GET + JSON.parse (ms, median of ${rawParseMs.length})`, round(median(rawParseMs))],
              [
                `getTriggers, same tenants right after (ms, median of ${laterMs.length})`,
                round(median(laterMs)),
              ],
              [
                "getTriggers / (raw GET + JSON.parse), side by side",
                ratio(median(laterMs), median(rawParseMs)),
              ],
              ["Raw GET of the same response, body as text (ms)", round(raw.ms)],
              ["Response size (MB)", bytesToMb(raw.bytes)],
              ["Heap growth during the first call (MB)", bytesToMb(first.heapGrowth)],
              ["Heap retained after it, after a full GC (MB)", bytesToMb(first.heapRetained)],
              ["Process RSS before the call (MB)", bytesToMb(first.rssBefore)],
              ["Process peak RSS after the call (MB, VmHWM)", bytesToMb(first.peakRssAfter)],
              ["Peak RSS added by the call (MB)", bytesToMb(peakAdded(first))],
            ],
            notes: [
              "One GET /api/v1/triggers per call; every trigger is validated. Emulator and caller are separate processes.",
              "Side by side: per tenant, the raw GET + JSON.parse and getTriggers are timed in turn; the emulator builds the same answer for both. Target ratio ≤ 2.",
              "RSS before the call includes ts-node and the TypeScript compiler (about 100 MB) that run the measuring script.",
              "Retained: the result handed back plus the answer the query cache keeps (every caller gets its own copy of it).",
            ],
          },
        ],
        data: { triggers: TRIGGERS, first, laterMs, rawParseMs, raw },
      };
    } finally {
      await emulator.stop();
    }
  },
};

/** How far the call pushed the process's peak RSS above where it stood (0 when it stayed under an earlier peak). */
function peakAdded(first: z.infer<typeof report>["first"]): number {
  return Math.max(0, first.peakRssAfter - Math.max(first.rssBefore, first.peakRssBefore));
}
