import { ApiClient } from "../../src/client";
import { AdaptiveRate } from "../../src/client/request-scheduler";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { connectorRecord as connector, sendJson, startLocalServer, type LocalServer } from "./local-server";

/** The process-wide concurrency cap and the per-account adaptive rate, over real HTTP. */

let server: LocalServer | undefined;
let emulator: RunningEmulator | undefined;

afterEach(async () => {
  await server?.close();
  await emulator?.close();
  server = undefined;
  emulator = undefined;
});

/** A server that answers after `holdMs` and records the most requests it had in flight at once. */
async function slowServer(holdMs: number) {
  const seen = { inFlight: 0, maxInFlight: 0 };
  const local = await startLocalServer((_req, res) => {
    seen.inFlight += 1;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    setTimeout(() => {
      seen.inFlight -= 1;
      sendJson(res, 200, connector);
    }, holdMs);
  });
  return { local, seen };
}

describe("concurrency cap", () => {
  it("never has more requests in flight than maxConcurrentRequests, and uses all of them", async () => {
    const { local, seen } = await slowServer(30);
    server = local;
    const client = new ApiClient({ baseUrl: local.url, apiKey: "key-a", maxConcurrentRequests: 3 });
    await Promise.all(Array.from({ length: 20 }, () => client.getIntegration("int-1")));
    expect(local.requests).toHaveLength(20);
    expect(seen.maxInFlight).toBe(3);
  });

  it("is shared by every client of the process with that cap, whatever their account", async () => {
    const { local, seen } = await slowServer(30);
    server = local;
    const a = new ApiClient({ baseUrl: local.url, apiKey: "key-a", maxConcurrentRequests: 2 });
    const b = new ApiClient({ baseUrl: local.url, apiKey: "key-b", maxConcurrentRequests: 2 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).getIntegration("int-1")));
    expect(local.requests).toHaveLength(10);
    expect(seen.maxInFlight).toBe(2);
  });
});

describe("429s slow the whole account", () => {
  it("pauses every request of the client for the Retry-After of one 429", async () => {
    const arrivals: number[] = [];
    server = await startLocalServer((_req, res, index) => {
      arrivals.push(Date.now());
      if (index === 0) return sendJson(res, 429, { message: "slow down" }, { "retry-after": "1" });
      sendJson(res, 200, connector);
    });
    const client = new ApiClient({ baseUrl: server.url, apiKey: "key-a" }, { retryDelayScaleMs: 5 });
    const first = client.getIntegration("int-1");
    // Let the 429 come back before the others are sent.
    while (arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await Promise.all([first, ...Array.from({ length: 3 }, () => client.getIntegration("int-1"))]);
    expect(arrivals).toHaveLength(5);
    const [throttledAt, ...later] = arrivals as [number, ...number[]];
    for (const at of later) expect(at - throttledAt).toBeGreaterThanOrEqual(950);
  });

  it("paces requests at the X-RateLimit-Limit the server advertises", async () => {
    const arrivals: number[] = [];
    server = await startLocalServer((_req, res) => {
      arrivals.push(Date.now());
      sendJson(res, 200, connector, { "x-ratelimit-limit": "10" });
    });
    const client = new ApiClient({ baseUrl: server.url, apiKey: "key-a" });
    await client.getIntegration("int-1");
    await Promise.all(Array.from({ length: 6 }, () => client.getIntegration("int-1")));
    // 10 per second: the 6 concurrent requests start ~100 ms apart, so their arrivals span ~500 ms (less
    // what the network jitter of the first and last takes off), where unpaced they all arrive at once.
    const concurrent = arrivals.slice(1);
    expect((concurrent.at(-1) as number) - (concurrent[0] as number)).toBeGreaterThanOrEqual(450);
  });

  it("lets 60 concurrent requests through the emulator's 20 requests/s limit with few 429s", async () => {
    emulator = await startEmulator({ port: 0, quiet: true, faults: { rateLimitPerSecond: 20 } });
    const client = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey });
    const started = Date.now();
    await Promise.all(Array.from({ length: 60 }, () => client.listApps()));
    const elapsedMs = Date.now() - started;
    const throttled = emulator.requestLog.entries().filter((entry) => entry.statusCode === 429).length;
    expect(emulator.requestLog.count({ method: "GET" }) - throttled).toBe(60);
    // At most the requests that were in flight when the bucket ran dry, once.
    expect(throttled).toBeLessThanOrEqual(8);
    // 20 come from the full bucket, the 40 others at 20/s: about 2 s, not the 4 s+ of per-request retries.
    expect(elapsedMs).toBeLessThan(4000);
  });
});

describe("AdaptiveRate", () => {
  it("halves the rate on a 429 (once per pause) and grows it back step by step on successes", () => {
    const rate = new AdaptiveRate();
    rate.throttled({ waitMs: 10 });
    const afterFirst = rate.intervalMs;
    expect(afterFirst).toBeGreaterThan(0);
    rate.throttled({ waitMs: 10 }); // same pause: no second halving
    expect(rate.intervalMs).toBe(afterFirst);
    rate.succeeded(undefined);
    expect(rate.intervalMs).toBeLessThan(afterFirst);
    for (let i = 0; i < 1000; i++) rate.succeeded(undefined);
    expect(rate.intervalMs).toBe(0);
  });

  it("never paces faster than the advertised limit", () => {
    const rate = new AdaptiveRate();
    rate.succeeded(20);
    expect(rate.intervalMs).toBe(50);
    for (let i = 0; i < 100; i++) rate.succeeded(20);
    expect(rate.intervalMs).toBe(50);
  });
});
