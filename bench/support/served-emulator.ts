/**
 * The emulator in a process of its own (./server-process.ts), seen through one API key: its request log over
 * the emulator's test routes (/_emulator/requests, which neither count against the rate limit nor show up in
 * the log), and the account's connectors. A benchmark that runs many programs in its own process keeps the API
 * off that busy event loop this way, as a real API is.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ApiClient, collect } from "../../src/client";
import { startServer } from "./server-process";

const requestLog = z.object({
  entries: z.array(z.object({ method: z.string(), route: z.string(), statusCode: z.number() })),
});

export type LoggedRequest = z.infer<typeof requestLog>["entries"][number];

export interface ServedEmulator {
  url: string;
  apiKey: string;
  pid: number;
  /** The key's requests since the last clear (the emulator keeps the latest 100,000). */
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** The account's connectors that are not deleted, disabled ones included. */
  liveConnectors(): Promise<{ id: string; name: string }[]>;
  stop(): Promise<void>;
}

/** One account with one key; `faults` as the emulator's `--rate-limit` (per key, per second) and latency. */
export async function serveEmulator(faults: {
  rateLimitPerSecond: number;
  latencyMs: number;
}): Promise<ServedEmulator> {
  const apiKey = `emu_bench_${randomBytes(12).toString("hex")}`;
  const server = await startServer(
    ["emulator", "--rate-limit", String(faults.rateLimitPerSecond), "--latency", String(faults.latencyMs)],
    { BENCH_API_KEYS: apiKey },
  );
  const headers = { "x-api-key": apiKey };
  const requestsUrl = `${server.url}/_emulator/requests`;
  return {
    url: server.url,
    apiKey,
    pid: server.pid,
    async requests() {
      const response = await fetch(requestsUrl, { headers });
      if (!response.ok) throw new Error(`GET /_emulator/requests: ${response.status}`);
      return requestLog.parse(await response.json()).entries;
    },
    async clearRequests() {
      const response = await fetch(requestsUrl, { method: "DELETE", headers });
      if (!response.ok) throw new Error(`DELETE /_emulator/requests: ${response.status}`);
    },
    async liveConnectors() {
      // The client's retries wait out the rate limit (Retry-After), as any caller of the API has to.
      const client = new ApiClient({ baseUrl: server.url, apiKey, maxRetries: 20 });
      try {
        const listed = await collect(client.listIntegrations({ showDisabled: true }));
        return listed.filter((connector) => !connector.deleted).map(({ id, name }) => ({ id, name }));
      } finally {
        client.close();
      }
    },
    stop: server.stop,
  };
}
