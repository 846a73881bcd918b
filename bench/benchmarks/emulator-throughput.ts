/**
 * (4) Emulator throughput: autocannon against three routes of the emulator and, side by side, against
 * bare fastify routes that answer the very bytes the emulator answered. Each server runs in its own
 * process; the load generator runs in this one.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateApiKey } from "../../src/emulator";
import { load, type LoadResult } from "../support/load";
import { ratio, round } from "../support/stats";
import { startServer, type ServerProcess } from "../support/server-process";
import type { Benchmark, BenchmarkContext } from "../support/types";
import type { RecordedBodies } from "../processes/serve";

const CONNECTIONS = 10;
const TARGET_GET_BY_ID = 0.5;

interface Route {
  label: string;
  method: "GET" | "PATCH";
  path: (integrationId: string) => string;
  body?: string;
}

const ROUTES: Route[] = [
  { label: "GET /api/v1/triggers", method: "GET", path: () => "/api/v1/triggers" },
  { label: "GET /api/v1/integrations/{id}", method: "GET", path: (id) => `/api/v1/integrations/${id}` },
  {
    label: "PATCH /api/v1/integrations/{id}",
    method: "PATCH",
    path: (id) => `/api/v1/integrations/${id}`,
    body: JSON.stringify({ enabled: true }),
  },
];

const DURATION_SECONDS = 5;
const ROUNDS = 2;

export const emulatorThroughput: Benchmark = {
  name: "emulator-throughput",
  inDefaultRun: false,
  title: "Emulator throughput",
  async run(context: BenchmarkContext) {
    const apiKey = generateApiKey();
    const headers = { "x-api-key": apiKey, "content-type": "application/json" };
    const scratch = mkdtempSync(join(tmpdir(), "bench-throughput-"));
    const servers: ServerProcess[] = [];
    try {
      const emulator = await startServer(["emulator"], { BENCH_API_KEYS: apiKey });
      servers.push(emulator);
      const integrationId = await createIntegration(emulator.url, headers);
      const bodies = await recordBodies(emulator.url, headers, integrationId);
      writeFileSync(join(scratch, "bodies.json"), JSON.stringify(bodies));
      const bare = await startServer(["bare", "--bodies", join(scratch, "bodies.json")]);
      servers.push(bare);

      const measured = [];
      for (const route of ROUTES) {
        const run = (server: ServerProcess, seconds: number) =>
          load({
            url: server.url + route.path(integrationId),
            method: route.method,
            headers,
            body: route.body,
            durationSeconds: seconds,
            connections: CONNECTIONS,
          });
        context.progress(`emulator-throughput: ${route.label}`);
        // A short warm-up each, so that neither side is measured while the JIT is still compiling.
        await run(emulator, 1);
        await run(bare, 1);
        const runs: Record<"emulator" | "bare", LoadResult[]> = { emulator: [], bare: [] };
        for (let round = 0; round < ROUNDS; round++) {
          // Alternating which side goes first, so that a burst of load from elsewhere hits both alike.
          const order = round % 2 === 0 ? (["emulator", "bare"] as const) : (["bare", "emulator"] as const);
          for (const side of order) {
            runs[side].push(
              valid(route, side, await run(side === "emulator" ? emulator : bare, DURATION_SECONDS)),
            );
          }
        }
        measured.push({ route: route.label, emulator: best(runs.emulator), bare: best(runs.bare), runs });
      }
      return {
        tables: [
          {
            title: `Emulator throughput vs a bare fastify route with the same bytes (autocannon, ${CONNECTIONS} connections, best of ${ROUNDS} x ${DURATION_SECONDS} s)`,
            columns: [
              "Route",
              "Server",
              "Req/s",
              "Mean (ms)",
              "p50 (ms)",
              "p99 (ms)",
              "Ratio to bare",
              "Target",
              "Met",
            ],
            rows: measured.flatMap(({ route, emulator: e, bare: b }) => {
              const r = ratio(e.requestsPerSecond, b.requestsPerSecond);
              const targeted = route === "GET /api/v1/integrations/{id}";
              return [
                [
                  route,
                  "emulator",
                  round(e.requestsPerSecond),
                  round(e.meanMs, 2),
                  e.p50Ms,
                  e.p99Ms,
                  r,
                  targeted ? `>= ${TARGET_GET_BY_ID}` : "-",
                  targeted ? r >= TARGET_GET_BY_ID : null,
                ],
                [
                  route,
                  "bare",
                  round(b.requestsPerSecond),
                  round(b.meanMs, 2),
                  b.p50Ms,
                  b.p99Ms,
                  null,
                  "-",
                  null,
                ],
              ];
            }),
            notes: [
              `Response bodies: triggers ${Buffer.byteLength(bodies.triggers)} bytes (built-in catalog), integration ${Buffer.byteLength(bodies.integration)} bytes, PATCH 204 without a body.`,
              "Best of the rounds per side: load from other processes only ever slows a run down. Every run is in the JSON.",
              "p50 and p99 are whole milliseconds (autocannon's resolution); the mean is exact.",
              "The emulator checks the API key, runs its fault and request-log hooks and validates input; the bare route does none of that.",
            ],
          },
        ],
        data: {
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
          rounds: ROUNDS,
          routes: measured,
        },
      };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};

async function createIntegration(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(`${url}/api/v1/integrations`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "throughput",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: { client_id: "client", client_secret: "bench-client-secret" },
    }),
  });
  const body = (await response.json()) as { id?: unknown };
  if (!response.ok || typeof body.id !== "string")
    throw new Error(`creating the integration failed: ${response.status}`);
  return body.id;
}

async function recordBodies(
  url: string,
  headers: Record<string, string>,
  id: string,
): Promise<RecordedBodies> {
  const text = async (path: string) => {
    const response = await fetch(url + path, { headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return response.text();
  };
  return { triggers: await text("/api/v1/triggers"), integration: await text(`/api/v1/integrations/${id}`) };
}

function valid(route: Route, server: string, result: LoadResult): LoadResult {
  if (result.failed > 0 || result.ok === 0) {
    throw new Error(`${route.label} on ${server}: ${result.failed} failed requests, ${result.ok} answered`);
  }
  return result;
}

function best(runs: LoadResult[]): LoadResult {
  return runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
}
