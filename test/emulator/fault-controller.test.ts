/**
 * FaultController's decisions with its clock and random source injected: the rate-limit bucket's burst,
 * refill and Retry-After, and the jitter, as exact figures. (Over HTTP, where they become responses:
 * faults.test.ts, whose settings are chosen so that no result depends on how fast the machine is.)
 */
import { FaultController } from "../../src/emulator/faults";

const ROUTE = "/api/v1/apps";

/** A controller on a clock the test moves, with a fixed "random" draw. */
function controller(settings: ConstructorParameters<typeof FaultController>[0], draw = 0.5) {
  const clock = { now: 10_000 };
  const faults = new FaultController(
    settings,
    () => draw,
    () => clock.now,
  );
  const decide = (tenant = 0) => faults.decide("GET", ROUTE, tenant);
  return { faults, clock, decide };
}

describe("latency and jitter", () => {
  it("delays by latencyMs plus the random share of jitterMs", () => {
    expect(controller({ latencyMs: 150 }).decide()).toMatchObject({ delayMs: 150, kind: "latency" });
    expect(controller({ latencyMs: 100, jitterMs: 60 }, 0.25).decide()).toMatchObject({
      delayMs: 115,
      kind: "latency",
      outcome: null,
    });
    expect(controller({ jitterMs: 60 }, 0.999).decide()?.delayMs).toBeCloseTo(59.94);
  });
});

describe("rate limit per tenant (token bucket)", () => {
  it("lets a burst of N through, then throttles with the Retry-After of one token", () => {
    const { decide } = controller({ rateLimitPerSecond: 5 });
    const remaining = Array.from({ length: 5 }, () => decide()?.headers["x-ratelimit-remaining"]);
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    expect(decide()).toMatchObject({
      kind: "throttle",
      outcome: {
        kind: "throttle",
        headers: { "retry-after": "1", "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0" },
      },
    });
  });

  it("refills at N per second, up to the burst", () => {
    const { clock, decide } = controller({ rateLimitPerSecond: 5 });
    for (let i = 0; i < 5; i++) decide();
    clock.now += 199;
    expect(decide()?.kind).toBe("throttle");
    clock.now += 1; // 200 ms since the bucket ran dry: one token at 5 per second
    expect(decide()).toMatchObject({ kind: null, outcome: null, headers: { "x-ratelimit-remaining": "0" } });
    expect(decide()?.kind).toBe("throttle");
    clock.now += 60_000; // a long idle time refills the burst, not more
    const burst = Array.from({ length: 6 }, () => decide()?.kind ?? null);
    expect(burst).toEqual([null, null, null, null, null, "throttle"]);
  });

  it("asks a slow limit's callers to wait for their next token", () => {
    const { clock, decide } = controller({ rateLimitPerSecond: 0.1 });
    expect(decide()?.kind).toBeNull();
    clock.now += 2_000;
    expect(decide()?.outcome).toMatchObject({ headers: { "retry-after": "8" } });
  });

  it("keeps one bucket per tenant", () => {
    const { decide } = controller({ rateLimitPerSecond: 1 });
    expect(decide(0)?.kind).toBeNull();
    expect(decide(0)?.kind).toBe("throttle");
    expect(decide(1)?.kind).toBeNull();
  });

  it("starts a full bucket again when the settings change", () => {
    const { faults, decide } = controller({ rateLimitPerSecond: 1 });
    decide();
    expect(decide()?.kind).toBe("throttle");
    faults.set({ rateLimitPerSecond: 2 });
    expect([decide()?.kind, decide()?.kind, decide()?.kind]).toEqual([null, null, "throttle"]);
  });
});

describe("remainingPerRoute", () => {
  const CREATE = "/api/v1/integrations";
  const ENABLE = "/api/v1/triggers/enable/:connectedAccountId/:triggerName";

  it("takes the next N requests of each route named, in whichever order they come, and none of another", () => {
    const faults = new FaultController({
      errorRate: 1,
      remainingPerRoute: { [`POST ${CREATE}`]: 1, [`POST ${ENABLE}`]: 1 },
    });
    const outcomes = [
      faults.decide("POST", CREATE, 0)?.kind,
      faults.decide("POST", CREATE, 0)?.kind, // the first create's retry: its route's budget is spent
      faults.decide("GET", ROUTE, 0)?.kind, // a route not named
      faults.decide("POST", ENABLE, 0)?.kind,
      faults.decide("POST", ENABLE, 0)?.kind,
    ];
    expect(outcomes).toEqual(["error", undefined, undefined, "error", undefined]);
    expect(faults.get().remainingPerRoute).toEqual({ [`POST ${CREATE}`]: 0, [`POST ${ENABLE}`]: 0 });
  });

  it("spends `remaining` only on a request its route's budget lets through", () => {
    const faults = new FaultController({
      errorRate: 1,
      remaining: 1,
      remainingPerRoute: { [`POST ${CREATE}`]: 1 },
    });
    expect(faults.decide("GET", ROUTE, 0)?.kind).toBeUndefined();
    expect(faults.decide("POST", CREATE, 0)?.kind).toBe("error");
    expect(faults.get()).toMatchObject({ remaining: 0, remainingPerRoute: { [`POST ${CREATE}`]: 0 } });
  });

  it("counts a tenant's requests against its own settings, not the operator's", () => {
    const faults = new FaultController({ errorRate: 1, remainingPerRoute: { [`GET ${ROUTE}`]: 1 } });
    faults.set({ latencyMs: 5 }, 7);
    expect(faults.decide("GET", ROUTE, 7)?.kind).toBe("error");
    expect(faults.get().remainingPerRoute).toEqual({ [`GET ${ROUTE}`]: 1 });
    expect(faults.decide("GET", ROUTE, 0)?.kind).toBe("error");
  });

  it("refuses a route that is not METHOD /pattern, naming the field", () => {
    expect(() => new FaultController({ remainingPerRoute: { integrations: 1 } })).toThrow(
      /remainingPerRoute.*METHOD \/route\/:pattern/,
    );
  });
});
