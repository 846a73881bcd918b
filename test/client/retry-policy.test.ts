import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import {
  backoffDelayMs,
  MAX_RETRY_DELAY_MS,
  parseRetryAfterMs,
  retryDelayMs,
  retryWithin,
  shouldRetry,
  THROTTLED_WAIT_LIMIT_MS,
} from "../../src/client/retry-policy";

/** The retry decisions and delays, on hand-made axios errors (the mechanics are tested over HTTP). */

function failure(
  method: string,
  status?: number,
  headers: Record<string, string> = {},
  code?: string,
): AxiosError {
  const config = { method, headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const response =
    status === undefined
      ? undefined
      : ({ status, headers: new AxiosHeaders(headers), config, data: "", statusText: "" } as AxiosResponse);
  return new AxiosError("failed", code, config, undefined, response);
}

describe("retryWithin: 429s are bounded by time, other failures by maxRetries", () => {
  const throttled = failure("post", 429, { "retry-after": "1" });
  const busy = failure("get", 503);

  it("waits out any number of 429s until the time bound, whatever maxRetries says", () => {
    const budget = { firstFailedAt: 0, failures: 0 };
    for (let i = 0; i < 1000; i++) expect(retryWithin(budget, throttled, 0, i * 1000)).toBe(true);
    expect(retryWithin(budget, throttled, 0, THROTTLED_WAIT_LIMIT_MS - 1)).toBe(true);
    expect(retryWithin(budget, throttled, 0, THROTTLED_WAIT_LIMIT_MS)).toBe(false);
    // The 429s spent none of the failures' retries.
    expect(budget.failures).toBe(0);
  });

  it("counts only other failures against maxRetries, 429s between them included", () => {
    const budget = { firstFailedAt: 0, failures: 0 };
    expect(retryWithin(budget, busy, 2, 1)).toBe(true);
    expect(retryWithin(budget, throttled, 2, 2)).toBe(true);
    expect(retryWithin(budget, busy, 2, 3)).toBe(true);
    expect(retryWithin(budget, throttled, 2, 4)).toBe(true);
    expect(retryWithin(budget, busy, 2, 5)).toBe(false);
  });

  it("never retries what shouldRetry refuses", () => {
    expect(retryWithin({ firstFailedAt: 0, failures: 0 }, failure("post", 503), 4, 0)).toBe(false);
    expect(retryWithin({ firstFailedAt: 0, failures: 0 }, failure("get", 409), 4, 0)).toBe(false);
  });
});

describe("shouldRetry", () => {
  it.each([
    ["get", 408],
    ["get", 500],
    ["patch", 503],
    ["delete", 599],
    ["get", 429],
    ["post", 429],
  ])("retries %s on %i", (method, status) => {
    expect(shouldRetry(failure(method, status))).toBe(true);
  });

  it.each([
    ["get", 400],
    ["get", 404],
    ["patch", 409],
    ["post", 503],
    ["post", 408],
  ])("does not retry %s on %i", (method, status) => {
    expect(shouldRetry(failure(method, status))).toBe(false);
  });

  it("retries any request whose connection was refused: it never reached the server", () => {
    expect(shouldRetry(failure("get", undefined, {}, "ECONNREFUSED"))).toBe(true);
    expect(shouldRetry(failure("post", undefined, {}, "ECONNREFUSED"))).toBe(true);
  });

  it("retries idempotent requests on resets and timeouts only", () => {
    expect(shouldRetry(failure("get", undefined, {}, "ECONNRESET"))).toBe(true);
    expect(shouldRetry(failure("patch", undefined, {}, "ETIMEDOUT"))).toBe(true);
    expect(shouldRetry(failure("delete", undefined, {}, "ECONNABORTED"))).toBe(true);
    expect(shouldRetry(failure("get", undefined, {}, "EHOSTUNREACH"))).toBe(false);
    expect(shouldRetry(failure("post", undefined, {}, "ECONNRESET"))).toBe(false);
  });
});

describe("parseRetryAfterMs", () => {
  it("reads delta-seconds and HTTP dates", () => {
    expect(parseRetryAfterMs("2")).toBe(2000);
    expect(parseRetryAfterMs("0.5")).toBe(500);
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfterMs("Wed, 01 Jan 2025 00:00:03 GMT", now)).toBe(3000);
    expect(parseRetryAfterMs("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0);
  });

  it("is undefined when absent or unreadable", () => {
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
    expect(parseRetryAfterMs("")).toBeUndefined();
    expect(parseRetryAfterMs("soon")).toBeUndefined();
    expect(parseRetryAfterMs("-1")).toBeUndefined();
  });
});

describe("retryDelayMs", () => {
  it("grows exponentially with jitter between half and the whole step", () => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const step = 100 * 2 ** (attempt - 1);
      const delay = backoffDelayMs(attempt, 100);
      expect(delay).toBeGreaterThanOrEqual(step / 2);
      expect(delay).toBeLessThanOrEqual(step);
    }
    expect(backoffDelayMs(30, 100)).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
  });

  it("waits what Retry-After asks, capped", () => {
    const asked = retryDelayMs(1, failure("get", 429, { "retry-after": "2" }), 10);
    expect(asked).toBeGreaterThanOrEqual(2000);
    expect(asked).toBeLessThanOrEqual(2010);
    expect(retryDelayMs(1, failure("get", 429, { "retry-after": "3600" }), 10)).toBe(MAX_RETRY_DELAY_MS);
  });

  it("backs off longer on a 429 without headers than on a 503", () => {
    const headerless = retryDelayMs(1, failure("get", 429), 100);
    const unavailable = retryDelayMs(1, failure("get", 503), 100);
    expect(headerless).toBeGreaterThanOrEqual(200);
    expect(unavailable).toBeLessThanOrEqual(100);
  });
});
