/**
 * `up` of 100 connectors while the emulator answers 20% of requests 503, 10% 429 (a quarter of them
 * without Retry-After or rate-limit headers), resets 5% of connections (part of the time after the
 * handler ran, so the connector exists but the client never hears of it) and adds 0-100 ms of jitter.
 *
 * "Converges" here means the strict reading: the FIRST `up` succeeds, because the client retries what is
 * safe to retry and adopts a create whose response was lost by finding the connector by name. With
 * `integrations:maxRetries` 10 a request fails for good only after 11 faults in a row (about 3e-6 at a
 * 32% fault rate), so a second `up` is never needed; it is run anyway and must be a no-op with no write.
 */
import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { CONNECTOR_TYPE, connectorsStack, stageFaultsProgram } from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { startFaultMix } from "./support/fault-mix";
import { secretLeaks, stateHoldsDecrypted } from "./support/secret-scan";

const COUNT = 100;
const NAME_PREFIX = "chaos";
const WRITE_METHODS = ["POST", "PATCH", "DELETE"];

describe("up of 100 connectors under 503s, 429s, resets and jitter", () => {
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let emulator: RunningEmulator;
  let stack: PulumiStack;
  let first: OperationResult;
  let second: OperationResult;
  let converged: ConvergenceReport;
  let writesInSecondUp: number;
  let resetModeSwitches: number;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const dir = await stageFaultsProgram("connectors", "faults-converge");
    stack = await connectorsStack(dir, {
      baseUrl: emulator.url,
      apiKey: emulator.apiKey,
      count: COUNT,
      namePrefix: NAME_PREFIX,
      clientSecret,
      maxRetries: 10,
      disabledEvery: 10,
    });
    const mix = startFaultMix(
      emulator,
      {
        errorRate: 0.2,
        throttleRate: 0.1,
        headerlessThrottleRate: 0.25,
        retryAfterSeconds: 1,
        resetRate: 0.05,
        jitterMs: 100,
      },
      { lostCreatesFirst: 3, flipEveryMs: 300 },
    );
    try {
      first = await stack.up({ skipPreview: true });
    } finally {
      resetModeSwitches = mix.stop().resetModeSwitches;
    }
    converged = await convergenceOf(
      stack,
      { baseUrl: emulator.url, apiKey: emulator.apiKey },
      { count: COUNT, namePrefix: NAME_PREFIX },
    );
    const requestsBefore = emulator.requestLog.entries().length;
    second = await stack.up({ skipPreview: true });
    writesInSecondUp = emulator.requestLog
      .entries()
      .slice(requestsBefore)
      .filter((entry) => WRITE_METHODS.includes(entry.method)).length;
  }, 240_000);

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.close();
  });

  it("converges in one up: every fault is absorbed by the client's retries", () => {
    expect(first.error).toBeUndefined();
    const created = first.steps.filter((step) => step.op === "create" && step.type === CONNECTOR_TYPE);
    expect(created).toHaveLength(COUNT);
  });

  it("leaves exactly 100 connectors remotely, no duplicate, state ids equal to the remote ids", () => {
    expect(converged).toEqual(CONVERGED(COUNT));
  });

  it("really injected every kind of fault, resets in both modes and lost creates", () => {
    const entries = emulator.requestLog.entries();
    const faults = (kind: string, method?: string) =>
      entries.filter((entry) => entry.fault === kind && (method === undefined || entry.method === method))
        .length;
    expect(faults("error")).toBeGreaterThan(0);
    expect(faults("throttle")).toBeGreaterThan(0);
    // The three lost creates of the start, then the random resets.
    expect(faults("reset", "POST")).toBeGreaterThanOrEqual(3);
    expect(faults("reset")).toBeGreaterThan(3);
    expect(resetModeSwitches).toBeGreaterThan(0);
    const summary = ["error", "throttle", "reset", "latency"].map((kind) => `${kind} ${faults(kind)}`);
    console.log(
      `faults/converge: first up ${first.durationMs} ms, ${entries.length} requests seen ` +
        `(POST ${entries.filter((e) => e.method === "POST").length}, ` +
        `PATCH ${entries.filter((e) => e.method === "PATCH").length}, ` +
        `GET ${entries.filter((e) => e.method === "GET").length}), faults: ${summary.join(", ")}, ` +
        `reset mode switches ${resetModeSwitches}; second up ${second.durationMs} ms`,
    );
  });

  it("a second up changes nothing and writes nothing", () => {
    expect(second.error).toBeUndefined();
    expect(second.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(writesInSecondUp).toBe(0);
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(stack, { first, second }, { apiKey: emulator.apiKey, clientSecret });
    expect(leaks).toEqual([]);
    expect(await stateHoldsDecrypted(stack, clientSecret)).toBe(true);
  });
});
