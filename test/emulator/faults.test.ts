import { defaultFaultSettings, type RunningEmulator } from "../../src/emulator";
import { call, expectError, start } from "./helpers";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ apiKeys: ["fault-key-a", "fault-key-b"] });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.clearFaults();
  emulator.requestLog.clear();
});

const lastEntry = () => emulator.requestLog.entries().at(-1);
const createBody = (name: string) => ({
  name,
  appName: "github",
  useServiceAuth: true,
  forceNewIntegration: true,
});
const listNames = async () =>
  (await call(emulator, "GET", "/api/v1/integrations?pageSize=100")).body.items.map(
    (item: { name: string }) => item.name,
  );

describe("latency", () => {
  it("adds latencyMs to matching requests", async () => {
    emulator.setFaults({ latencyMs: 150 });
    const startedAt = performance.now();
    const result = await call(emulator, "GET", "/api/v1/apps");
    expect(result.status).toBe(200);
    // A lower bound only, the latency asked for: a busy machine makes the answer later, never sooner
    // (less 1 ms: Node's timers count whole milliseconds). No upper bound: how fast the answer comes
    // after that is the machine's business.
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(149);
    expect(lastEntry()).toMatchObject({ fault: "latency", statusCode: 200, route: "/api/v1/apps" });
    expect(lastEntry()?.responseTimeMs).toBeGreaterThanOrEqual(149);
  });

  it("adds a random 0..jitterMs (the figure itself: fault-controller.test.ts)", async () => {
    emulator.setFaults({ jitterMs: 60 });
    for (let index = 0; index < 5; index += 1) await call(emulator, "GET", "/api/v1/apps");
    expect(emulator.requestLog.entries().map((entry) => [entry.fault, entry.statusCode])).toEqual(
      Array.from({ length: 5 }, () => ["latency", 200]),
    );
  });
});

describe("errors and throttling", () => {
  it("answers 503 with the JSON error body at errorRate 1", async () => {
    emulator.setFaults({ errorRate: 1 });
    const result = await call(emulator, "GET", "/api/v1/integrations");
    expectError(result, 503);
    expect(lastEntry()).toMatchObject({ statusCode: 503, fault: "error" });
  });

  it("answers 429 with Retry-After and X-RateLimit-* at throttleRate 1", async () => {
    emulator.setFaults({ throttleRate: 1, retryAfterSeconds: 3 });
    const result = await call(emulator, "GET", "/api/v1/apps");
    expectError(result, 429);
    expect(result.headers.get("retry-after")).toBe("3");
    expect(result.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(result.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(lastEntry()).toMatchObject({ statusCode: 429, fault: "throttle" });
  });

  it("sends 429s without any rate-limit header at headerlessThrottleRate 1", async () => {
    emulator.setFaults({ throttleRate: 1, headerlessThrottleRate: 1 });
    const result = await call(emulator, "GET", "/api/v1/apps");
    expectError(result, 429);
    expect(result.headers.get("retry-after")).toBeNull();
    expect(result.headers.get("x-ratelimit-limit")).toBeNull();
    expect(result.headers.get("x-ratelimit-remaining")).toBeNull();
  });
});

describe("rate limit per API key", () => {
  // A limit of one request per 1,000 s: its one-token bucket cannot refill while the test runs, however
  // slowly the machine runs it. Burst, refill and Retry-After figures on an injected clock:
  // fault-controller.test.ts.
  const SLOW = 0.001;

  it("answers 429 with Retry-After and X-RateLimit-* once a key's bucket is empty; other keys are not", async () => {
    emulator.setFaults({ rateLimitPerSecond: SLOW });
    const first = await call(emulator, "GET", "/api/v1/apps");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe(String(SLOW));
    expect(first.headers.get("x-ratelimit-remaining")).toBe("0");
    const throttled = await call(emulator, "GET", "/api/v1/apps");
    expectError(throttled, 429);
    // The next token is about 1,000 s away.
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(900);
    expect(throttled.headers.get("x-ratelimit-limit")).toBe(String(SLOW));
    expect(throttled.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(lastEntry()).toMatchObject({ statusCode: 429, fault: "throttle" });
    expect((await call(emulator, "GET", "/api/v1/apps", { apiKey: "fault-key-b" })).status).toBe(200);
    expectError(await call(emulator, "GET", "/api/v1/apps"), 429);
  });

  it("sends its 429s without headers at headerlessThrottleRate 1", async () => {
    emulator.setFaults({ rateLimitPerSecond: SLOW, headerlessThrottleRate: 1 });
    expect((await call(emulator, "GET", "/api/v1/apps")).status).toBe(200);
    const result = await call(emulator, "GET", "/api/v1/apps");
    expectError(result, 429);
    expect(result.headers.get("retry-after")).toBeNull();
    expect(result.headers.get("x-ratelimit-limit")).toBeNull();
  });
});

describe("connection resets", () => {
  it("after the handler by default: the effect is applied, the response is lost", async () => {
    emulator.setFaults({ resetRate: 1, match: ["POST /api/v1/integrations"] });
    await expect(
      call(emulator, "POST", "/api/v1/integrations", { body: createBody("reset-after") }),
    ).rejects.toThrow();
    emulator.clearFaults();
    expect(await listNames()).toContain("reset-after");
    expect(emulator.requestLog.entries()[0]).toMatchObject({ statusCode: 0, fault: "reset", method: "POST" });
  });

  it("before the handler with resetAfterHandler false: nothing happens", async () => {
    emulator.setFaults({ resetRate: 1, resetAfterHandler: false, match: ["POST /api/v1/integrations"] });
    await expect(
      call(emulator, "POST", "/api/v1/integrations", { body: createBody("reset-before") }),
    ).rejects.toThrow();
    emulator.clearFaults();
    expect(await listNames()).not.toContain("reset-before");
    expect(emulator.requestLog.entries()[0]).toMatchObject({ statusCode: 0, fault: "reset" });
  });
});

describe("match and remaining", () => {
  it("applies faults only to the matching METHOD route", async () => {
    emulator.setFaults({ errorRate: 1, match: ["GET /api/v1/integrations/:integrationId"] });
    expect((await call(emulator, "GET", "/api/v1/integrations")).status).toBe(200);
    expectError(await call(emulator, "GET", "/api/v1/integrations/any-id"), 503);
    expect((await call(emulator, "DELETE", "/api/v1/integrations/any-id")).status).toBe(404);
  });

  it("applies faults to the next N matching requests only", async () => {
    emulator.setFaults({ errorRate: 1, remaining: 2, match: ["GET /api/v1/apps"] });
    expect((await call(emulator, "GET", "/api/v1/triggers")).status).toBe(200);
    const statuses = [];
    for (let index = 0; index < 4; index += 1)
      statuses.push((await call(emulator, "GET", "/api/v1/apps")).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(emulator.faults().remaining).toBe(0);
  });

  it("never applies to /_emulator routes, unknown routes or unauthenticated requests", async () => {
    emulator.setFaults({ errorRate: 1 });
    expect((await call(emulator, "GET", "/_emulator/faults")).status).toBe(200);
    expectError(await call(emulator, "GET", "/api/v1/nope"), 404);
    expectError(await call(emulator, "GET", "/api/v1/apps", { apiKey: null }), 401);
  });
});

describe("settings", () => {
  it("takes initial faults from the options", async () => {
    const own = await start({ faults: { errorRate: 1, remaining: 1 } });
    try {
      expectError(await call(own, "GET", "/api/v1/apps"), 503);
      expect((await call(own, "GET", "/api/v1/apps")).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it("reads, merges, validates and resets them over HTTP", async () => {
    const initial = await call(emulator, "GET", "/_emulator/faults");
    expect(initial.body).toEqual(defaultFaultSettings());
    const merged = await call(emulator, "PUT", "/_emulator/faults", {
      body: { latencyMs: 5, match: ["GET /api/v1/apps"] },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({ ...defaultFaultSettings(), latencyMs: 5, match: ["GET /api/v1/apps"] });
    const again = await call(emulator, "PUT", "/_emulator/faults", { body: { errorRate: 0.5 } });
    expect(again.body).toMatchObject({ latencyMs: 5, errorRate: 0.5 });
    // They are the key's own: the operator's settings (and so every other key's) are untouched.
    expect(emulator.faults()).toEqual(defaultFaultSettings());
    for (const bad of [
      { errorRate: 2 },
      { latencyMs: -1 },
      { unknown: 1 },
      { match: ["nonsense"] },
      { remaining: 1.5 },
      [1],
    ]) {
      expectError(await call(emulator, "PUT", "/_emulator/faults", { body: bad }), 400);
    }
    const reset = await call(emulator, "DELETE", "/_emulator/faults");
    expect(reset.body).toEqual(defaultFaultSettings());
    expect(() => emulator.setFaults({ errorRate: -1 })).toThrow(/errorRate/);
  });
});
