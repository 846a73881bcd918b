/** One autocannon run against a URL, reduced to the figures the tables show. */
import { z } from "zod";

// autocannon ships no types: its result is parsed right here.
const autocannon = require("autocannon") as (options: Record<string, unknown>) => Promise<unknown>;

const resultSchema = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ average: z.number(), p50: z.number(), p99: z.number() }),
  "2xx": z.number(),
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
});

export interface LoadOptions {
  url: string;
  method: "GET" | "PATCH";
  headers: Record<string, string>;
  body?: string;
  durationSeconds: number;
  connections: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  /** Non-2xx answers, socket errors and timeouts: a run with any is not a valid figure. */
  failed: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = resultSchema.parse(
    await autocannon({
      url: options.url,
      method: options.method,
      headers: options.headers,
      body: options.body,
      duration: options.durationSeconds,
      connections: options.connections,
    }),
  );
  return {
    requestsPerSecond: result.requests.average,
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result["2xx"],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
