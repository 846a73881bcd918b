/**
 * A server for the load benchmarks, in a process of its own so that the load generator (or the client
 * being measured) does not share its event loop. Prints one JSON line `{ "url": ... }` once listening.
 *
 *   serve.ts emulator [--triggers <n>] [--data <file>] [--rate-limit <n>] [--latency <ms>]
 *                                        the emulator, quiet; API keys from BENCH_API_KEYS (comma-separated);
 *                                        --rate-limit and --latency are its fault settings `rateLimitPerSecond`
 *                                        (per key) and `latencyMs`
 *   serve.ts bare --bodies <file>        bare fastify routes answering the bytes recorded in <file>
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import Fastify from "fastify";
import { z } from "zod";
import { generateCatalog, startEmulator } from "../../src/emulator";

/** What the bare server answers: the emulator's own response bodies, recorded by the benchmark. */
export const recordedBodies = z.object({ triggers: z.string(), integration: z.string() });
export type RecordedBodies = z.infer<typeof recordedBodies>;

interface EmulatorArgs {
  triggers?: number;
  dataFile?: string;
  rateLimitPerSecond?: number;
  latencyMs?: number;
}

async function serveEmulator({
  triggers,
  dataFile,
  rateLimitPerSecond,
  latencyMs,
}: EmulatorArgs): Promise<string> {
  const apiKeys = (process.env.BENCH_API_KEYS ?? "").split(",").filter((key) => key !== "");
  const emulator = await startEmulator({
    port: 0,
    quiet: true,
    ...(apiKeys.length > 0 ? { apiKeys } : {}),
    ...(triggers === undefined ? {} : { catalog: generateCatalog(triggers) }),
    ...(dataFile === undefined ? {} : { dataFile }),
    faults: {
      ...(rateLimitPerSecond === undefined ? {} : { rateLimitPerSecond }),
      ...(latencyMs === undefined ? {} : { latencyMs }),
    },
  });
  return emulator.url;
}

async function serveBare(bodiesFile: string): Promise<string> {
  const bodies = recordedBodies.parse(JSON.parse(readFileSync(bodiesFile, "utf8")));
  const app = Fastify({ logger: false });
  const json = "application/json; charset=utf-8";
  app.get("/api/v1/triggers", async (_request, reply) => reply.type(json).send(bodies.triggers));
  app.get("/api/v1/integrations/:integrationId", async (_request, reply) =>
    reply.type(json).send(bodies.integration),
  );
  app.patch("/api/v1/integrations/:integrationId", async (_request, reply) => reply.code(204).send());
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      triggers: { type: "string" },
      bodies: { type: "string" },
      data: { type: "string" },
      "rate-limit": { type: "string" },
      latency: { type: "string" },
    },
  });
  const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  const url =
    positionals[0] === "bare"
      ? await serveBare(values.bodies ?? "")
      : await serveEmulator({
          triggers: number(values.triggers),
          dataFile: values.data,
          rateLimitPerSecond: number(values["rate-limit"]),
          latencyMs: number(values.latency),
        });
  process.stdout.write(`${JSON.stringify({ url, pid: process.pid })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
