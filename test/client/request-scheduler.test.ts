import { ApiClient } from "../../src/client";
import {
  accountRate,
  AdaptiveRate,
  concurrencyLimiter,
  DEFAULT_MAX_CONCURRENT_REQUESTS,
} from "../../src/client/request-scheduler";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { waitFor } from "../emulator/receiver";
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

/**
 * A server that holds every answer until `releaseAll()` (then answers at once), and records the most
 * requests it had in flight at once.
 */
async function holdingServer() {
  const seen = { inFlight: 0, maxInFlight: 0 };
  const held: (() => void)[] = [];
  let holding = true;
  const local = await startLocalServer((_req, res) => {
    seen.inFlight += 1;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    const answer = () => {
      seen.inFlight -= 1;
      sendJson(res, 200, connector);
    };
    if (holding) held.push(answer);
    else answer();
  });
  const releaseAll = () => {
    holding = false;
    for (const answer of held.splice(0)) answer();
  };
  return { local, seen, releaseAll };
}

/**
 * Waits until `cap` requests are at the server and every other one waits in the process's limiter of that
 * cap: with the answers held, none of those can leave it, so the server's count is final, not a sample.
 */
async function fullAndQueued(seen: { inFlight: number }, cap: number, others: number): Promise<void> {
  await waitFor(`${cap} requests at the server, ${others} queued`, () => {
    const { EXECUTING, QUEUED } = concurrencyLimiter(cap).counts();
    return seen.inFlight === cap && EXECUTING === cap && QUEUED === others;
  });
}

describe("concurrency cap", () => {
  it("never has more requests in flight than maxConcurrentRequests, and uses all of them", async () => {
    const { local, seen, releaseAll } = await holdingServer();
    server = local;
    const client = new ApiClient({ baseUrl: local.url, apiKey: "key-a", maxConcurrentRequests: 3 });
    const all = Promise.all(Array.from({ length: 20 }, () => client.getIntegration("int-1")));
    await fullAndQueued(seen, 3, 17);
    expect(local.requests).toHaveLength(3);
    releaseAll();
    await all;
    expect(local.requests).toHaveLength(20);
    expect(seen.maxInFlight).toBe(3);
  });

  it("is shared by every client of the process with that cap, whatever their account", async () => {
    const { local, seen, releaseAll } = await holdingServer();
    server = local;
    const a = new ApiClient({ baseUrl: local.url, apiKey: "key-a", maxConcurrentRequests: 2 });
    const b = new ApiClient({ baseUrl: local.url, apiKey: "key-b", maxConcurrentRequests: 2 });
    const all = Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).getIntegration("int-1")),
    );
    await fullAndQueued(seen, 2, 8);
    expect(local.requests).toHaveLength(2);
    releaseAll();
    await all;
    expect(local.requests).toHaveLength(10);
    expect(seen.maxInFlight).toBe(2);
  });
});

describe("429s slow the whole account", () => {
  it("pauses every request of the client for the Retry-After of one 429", async () => {
    const arrivals: number[] = [];
    let throttledAt = 0;
    server = await startLocalServer((_req, res, index) => {
      arrivals.push(Date.now());
      if (index > 0) return sendJson(res, 200, connector);
      throttledAt = Date.now();
      sendJson(res, 429, { message: "slow down" }, { "retry-after": "1" });
    });
    const client = new ApiClient({ baseUrl: server.url, apiKey: "key-a" }, { retryDelayScaleMs: 5 });
    const rate = accountRate(client.identity);
    const first = client.getIntegration("int-1");
    // The others are sent once the client has taken the 429 in (the pause it set), not after a fixed time
    // that a loaded machine could outlast.
    await waitFor("the client to take the 429 in", () => rate.pausedUntil > 0);
    await Promise.all([first, ...Array.from({ length: 3 }, () => client.getIntegration("int-1"))]);
    expect(arrivals).toHaveLength(5);
    // The pause is the Retry-After from the 429 on, and nothing of the account starts before it ends
    // (the client's own Date.now clock decides both). Lower bounds only: a loaded machine is later.
    expect(rate.pausedUntil).toBeGreaterThanOrEqual(throttledAt + 1000);
    for (const at of arrivals.slice(1)) expect(at).toBeGreaterThanOrEqual(rate.pausedUntil);
  });

  it("paces requests at the X-RateLimit-Limit the server advertises", async () => {
    const arrivals: number[] = [];
    server = await startLocalServer((_req, res) => {
      arrivals.push(performance.now());
      sendJson(res, 200, connector, { "x-ratelimit-limit": "10" });
    });
    const client = new ApiClient({ baseUrl: server.url, apiKey: "key-a" });
    await client.getIntegration("int-1");
    // Learnt from the first answer: 10 per second is a start every 100 ms.
    expect(accountRate(client.identity).intervalMs).toBe(100);
    const sent = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => client.getIntegration("int-1")));
    // Six starts 100 ms apart: the last of the six concurrent requests cannot arrive before 500 ms after
    // they were sent (less a millisecond per wait for timer rounding), where unpaced they all arrive at once.
    // A lower bound only; the spacing itself is exact on a fake clock below (AdaptiveRate.admit).
    expect((arrivals.at(-1) as number) - sent).toBeGreaterThanOrEqual(500 - 5);
  });

  it("lets 60 concurrent requests through the emulator's 20 requests/s limit with few 429s", async () => {
    emulator = await startEmulator({ port: 0, quiet: true, faults: { rateLimitPerSecond: 20 } });
    const client = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey });
    await Promise.all(Array.from({ length: 60 }, () => client.listApps()));
    const throttled = emulator.requestLog.entries().filter((entry) => entry.statusCode === 429).length;
    expect(emulator.requestLog.count({ method: "GET" }) - throttled).toBe(60);
    // At most the requests that were in flight when the bucket ran dry, once: a slower machine only gives
    // the bucket more time to refill. (How long the 60 take is a benchmark's question, not this test's.)
    expect(throttled).toBeLessThanOrEqual(DEFAULT_MAX_CONCURRENT_REQUESTS);
  });
});

describe("AdaptiveRate", () => {
  // Its clock is Date.now and its pacing is Bottleneck's timers: Jest's fake clock drives them exactly.
  // Nothing here does I/O. (The pause after a 429 sleeps on node:timers/promises, which the fake clock
  // does not drive: it is tested over HTTP above.)
  beforeEach(() => jest.useFakeTimers({ now: Date.parse("2026-01-01T00:00:00Z") }));
  afterEach(() => jest.useRealTimers());

  it("halves the rate on a 429 (once per pause), to a 2 s spacing at most, and grows it back on successes", () => {
    const rate = new AdaptiveRate();
    rate.succeeded({ limitPerSecond: 20 });
    expect(rate.intervalMs).toBe(50);
    rate.throttled({ waitMs: 10 });
    expect(rate.intervalMs).toBe(100);
    jest.advanceTimersByTime(9);
    rate.throttled({ waitMs: 10 }); // same pause: no second halving
    expect(rate.intervalMs).toBe(100);
    const spacings = [];
    for (let i = 0; i < 8; i++) {
      // That 429 extended the pause; once it has ended, a new 429 halves again.
      jest.advanceTimersByTime(rate.pausedUntil - Date.now());
      rate.throttled({ waitMs: 10 });
      spacings.push(rate.intervalMs);
    }
    expect(spacings).toEqual([200, 400, 800, 1600, 2000, 2000, 2000, 2000]);
    rate.succeeded();
    expect(rate.intervalMs).toBeLessThan(2000);
    for (let i = 0; i < 1000; i++) rate.succeeded();
    expect(rate.intervalMs).toBe(50);
  });

  it("from unpaced, a 429 spaces requests by the rate reached, halved", () => {
    const rate = new AdaptiveRate();
    rate.throttled({ waitMs: 10 });
    // Nothing started in the last second: one start every 2 s.
    expect(rate.intervalMs).toBe(2000);
    for (let i = 0; i < 1000; i++) rate.succeeded();
    expect(rate.intervalMs).toBe(0);
  });

  it("maxRequestsPerSecond caps the rate below the advertised limit; the lowest cap holds", () => {
    const rate = new AdaptiveRate();
    rate.capAt(5);
    rate.succeeded({ limitPerSecond: 20 });
    expect(rate.intervalMs).toBe(200);
    rate.capAt(10);
    for (let i = 0; i < 100; i++) rate.succeeded({ limitPerSecond: 20 });
    expect(rate.intervalMs).toBe(200);
  });

  it("X-RateLimit-Remaining: 0 pauses the account for one request's worth of the limit", () => {
    const rate = new AdaptiveRate();
    rate.succeeded({ limitPerSecond: 20, remaining: 5 });
    expect(rate.pausedUntil).toBeLessThanOrEqual(Date.now());
    rate.succeeded({ limitPerSecond: 20, remaining: 0 });
    expect(rate.pausedUntil - Date.now()).toBe(50);
  });

  it("does not grow the rate while few requests remain", () => {
    const rate = new AdaptiveRate();
    rate.succeeded({ limitPerSecond: 20 });
    rate.throttled({ waitMs: 10 });
    expect(rate.intervalMs).toBe(100);
    for (let i = 0; i < 10; i++) rate.succeeded({ limitPerSecond: 20, remaining: 1 });
    expect(rate.intervalMs).toBe(100);
    rate.succeeded({ limitPerSecond: 20, remaining: 15 });
    expect(rate.intervalMs).toBeLessThan(100);
  });

  it("never paces faster than the advertised limit", () => {
    const rate = new AdaptiveRate();
    rate.succeeded({ limitPerSecond: 20 });
    expect(rate.intervalMs).toBe(50);
    for (let i = 0; i < 100; i++) rate.succeeded({ limitPerSecond: 20 });
    expect(rate.intervalMs).toBe(50);
  });

  it("admits requests intervalMs apart", async () => {
    const rate = new AdaptiveRate();
    rate.succeeded({ limitPerSecond: 10 });
    const t0 = Date.now();
    const admitted: number[] = [];
    const all = Promise.all(
      Array.from({ length: 4 }, () => rate.admit().then(() => admitted.push(Date.now() - t0))),
    );
    await jest.advanceTimersByTimeAsync(1000);
    await all;
    // 100 ms apart to Bottleneck's millisecond (it dates a start from when it schedules it). The clock is
    // fake: these figures are the same on any machine.
    const gaps = admitted.slice(1).map((at, index) => at - (admitted[index] as number));
    expect(gaps).toHaveLength(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(99);
    expect(gaps.reduce((sum, gap) => sum + gap)).toBeLessThanOrEqual(303);
  });
});
