/**
 * One getTriggers call measured in a fresh process, so that its heap and RSS figures are its own: what
 * a Pulumi program pays for it. Then, side by side for a few more tenants (one each, past the query
 * cache): a raw GET of the same response plus JSON.parse, then getTriggers, so that both read the same
 * bytes at the same server cost.
 * Prints one JSON line with the figures.
 *
 * Environment: BENCH_URL (the emulator), BENCH_API_KEYS (comma-separated, one per call), BENCH_TRIGGERS
 * (how many triggers the catalog holds).
 */
import { performance } from "node:perf_hooks";
import { getTriggers } from "../../src/functions";
import { collectGarbage } from "../support/gc";
import { peakRssKbOf } from "../support/process-usage";

const url = process.env.BENCH_URL ?? "";
const apiKeys = (process.env.BENCH_API_KEYS ?? "").split(",").filter((key) => key !== "");
const expected = Number(process.env.BENCH_TRIGGERS);

const call = (apiKey: string) => getTriggers({}, { settings: { baseUrl: url, apiKey } });

async function firstCall(apiKey: string) {
  collectGarbage();
  const before = process.memoryUsage();
  const peakBeforeKb = peakRssKbOf(process.pid);
  const started = performance.now();
  const result = await call(apiKey);
  const ms = performance.now() - started;
  const after = process.memoryUsage();
  const peakAfterKb = peakRssKbOf(process.pid);
  collectGarbage();
  const retained = process.memoryUsage();
  if (result.triggers.length !== expected) {
    throw new Error(`expected ${expected} triggers, got ${result.triggers.length}`);
  }
  return {
    ms,
    heapGrowth: after.heapUsed - before.heapUsed,
    heapRetained: retained.heapUsed - before.heapUsed,
    rssBefore: before.rss,
    peakRssBefore: peakBeforeKb * 1024,
    peakRssAfter: peakAfterKb * 1024,
  };
}

async function rawGet(apiKey: string, parse = false): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/triggers`, { headers: { "x-api-key": apiKey } });
  const text = await response.text();
  if (parse && (JSON.parse(text) as unknown[]).length !== expected) throw new Error("short raw answer");
  return { ms: performance.now() - started, bytes: Buffer.byteLength(text) };
}

async function main(): Promise<void> {
  const [firstKey, ...laterKeys] = apiKeys;
  if (firstKey === undefined) throw new Error("BENCH_API_KEYS is empty");
  const first = await firstCall(firstKey);
  const laterMs: number[] = [];
  const rawParseMs: number[] = [];
  for (const apiKey of laterKeys) {
    rawParseMs.push((await rawGet(apiKey, true)).ms);
    const started = performance.now();
    await call(apiKey);
    laterMs.push(performance.now() - started);
  }
  const raw = await rawGet(firstKey);
  process.stdout.write(`${JSON.stringify({ first, laterMs, rawParseMs, raw })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
