import type { AxiosError, AxiosInstance } from "axios";
import axiosRetry from "axios-retry";
import { pause } from "./stopping";

/**
 * When to retry and how long to wait. axios-retry re-sends the requests; the decisions are ours because
 * its built-ins do not fit this API:
 * - its conditions retry PUT but not PATCH, and never 408; the update endpoint here is PATCH, which is
 *   idempotent (authConfig replaces the stored config as a whole);
 * - its `retryAfter` helper has no upper bound, so a server saying `Retry-After: 3600` would park a
 *   `pulumi up` for an hour; we cap the wait;
 * - its delays treat a 429 without headers like any other failure (100 ms, 200 ms, ...), which keeps
 *   hammering a rate-limited server; a headerless 429 backs off from a longer base instead;
 * - it counts every retry against one number. A 429 is the service saying "later", not failing: many stacks
 *   on one key meet it as a matter of course, so 429s are waited out for as long as the operation may last
 *   (its customTimeouts, which stop the wait at once: stopping.ts, or THROTTLED_WAIT_LIMIT_MS from the
 *   request's first failed attempt), and `maxRetries` counts only failures: 408, 5xx, timeouts, resets and refused
 *   connections.
 */

export const DEFAULT_BASE_DELAY_MS = 250;
/** Upper bound of any single wait, whether computed or asked for by Retry-After. */
export const MAX_RETRY_DELAY_MS = 30_000;
/**
 * How long one request keeps waiting out 429s when no customTimeouts stops it sooner: about as long as
 * Pulumi's providers give a create by default, far beyond what a shared key's limit makes anyone wait.
 */
export const THROTTLED_WAIT_LIMIT_MS = 20 * 60_000;
/** A 429 that does not say how long to wait backs off this many times longer than other failures. */
const HEADERLESS_THROTTLE_FACTOR = 4;

const IDEMPOTENT_METHODS = new Set(["get", "patch", "delete"]);
const TIMEOUT_CODES = new Set(["ETIMEDOUT", "ECONNABORTED"]);
const RESET_CODES = new Set(["ECONNRESET", "EPIPE"]);
/** The connection was never made: nothing reached the server (e.g. it is restarting). */
const NOT_SENT_CODES = new Set(["ECONNREFUSED"]);

export function isTimeoutCode(code: string | undefined): boolean {
  return code !== undefined && TIMEOUT_CODES.has(code);
}

export function isResetCode(code: string | undefined): boolean {
  return code !== undefined && RESET_CODES.has(code);
}

export function shouldRetry(error: AxiosError): boolean {
  const status = error.response?.status;
  // A 429 is refused before any processing, and a refused connection never reached the server: re-sending
  // either is safe for every method, POST included.
  if (status === 429) return true;
  if (status === undefined && error.code !== undefined && NOT_SENT_CODES.has(error.code)) return true;
  if (!IDEMPOTENT_METHODS.has((error.config?.method ?? "").toLowerCase())) return false;
  if (status !== undefined) return status === 408 || (status >= 500 && status <= 599);
  return isTimeoutCode(error.code) || isResetCode(error.code);
}

/** Exponential backoff with "equal jitter": half the step is fixed, half random; capped. */
export function backoffDelayMs(attempt: number, baseDelayMs: number): number {
  const step = Math.min(MAX_RETRY_DELAY_MS, baseDelayMs * 2 ** (attempt - 1));
  return step / 2 + Math.random() * (step / 2);
}

/** Retry-After as delta-seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: unknown, now: number = Date.now()): number | undefined {
  if (typeof header !== "string" || header.trim() === "") return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its month; this keeps Date.parse's leniency ("-1" is year -1) out.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function retryDelayMs(attempt: number, error: AxiosError, baseDelayMs: number): number {
  const response = error.response;
  if (response?.status === 429) {
    const retryAfterMs = parseRetryAfterMs(response.headers?.["retry-after"]);
    if (retryAfterMs === undefined) {
      return backoffDelayMs(attempt, baseDelayMs * HEADERLESS_THROTTLE_FACTOR);
    }
    // Up to 10% on top, so clients throttled together do not all come back in the same instant.
    const capped = Math.min(retryAfterMs, MAX_RETRY_DELAY_MS);
    return Math.min(MAX_RETRY_DELAY_MS, capped + Math.random() * Math.min(capped * 0.1, baseDelayMs));
  }
  return backoffDelayMs(attempt, baseDelayMs);
}

/**
 * How long a 429 pauses every request of the account (see request-scheduler.ts): the Retry-After asked
 * for (capped), or, when the server said nothing, the first step of the headerless backoff.
 */
export function throttlePauseMs(error: AxiosError, baseDelayMs: number): number {
  const retryAfterMs = parseRetryAfterMs(error.response?.headers?.["retry-after"]);
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_DELAY_MS);
  return baseDelayMs * HEADERLESS_THROTTLE_FACTOR;
}

const RETRY_BUDGET = "retryBudget";

/** What a request has spent on retries: when its first attempt failed, and its failures other than 429. */
export interface RetryBudget {
  firstFailedAt: number;
  failures: number;
}

/**
 * Whether a failed attempt is sent again, counting it: a 429 while THROTTLED_WAIT_LIMIT_MS has not passed
 * since the first failure, any other retryable failure while `maxRetries` are not spent.
 */
export function retryWithin(
  budget: RetryBudget,
  error: AxiosError,
  maxRetries: number,
  now: number = Date.now(),
): boolean {
  if (!shouldRetry(error)) return false;
  if (error.response?.status === 429) return now - budget.firstFailedAt < THROTTLED_WAIT_LIMIT_MS;
  budget.failures += 1;
  return budget.failures <= maxRetries;
}

export function installRetryPolicy(instance: AxiosInstance, maxRetries: number, baseDelayMs: number): void {
  // Kept in the request's config, which axios copies into the next attempt's (as axios-retry keeps its count).
  const budgetOf = (error: AxiosError): RetryBudget => {
    const config = (error.config ?? {}) as { [RETRY_BUDGET]?: RetryBudget };
    config[RETRY_BUDGET] ??= { firstFailedAt: Date.now(), failures: 0 };
    return config[RETRY_BUDGET];
  };
  axiosRetry(instance, {
    // The bounds are retryWithin's: time for 429s, maxRetries for failures.
    retries: Number.POSITIVE_INFINITY,
    // Every attempt gets the full timeout (by default axios-retry shrinks it by the time already spent).
    shouldResetTimeout: true,
    retryCondition: (error) => retryWithin(budgetOf(error), error, maxRetries),
    // The wait is ours (axios-retry awaits onRetry before it re-sends), so that a stopped call (Cancel,
    // customTimeouts: stopping.ts) stops waiting at once instead of after up to 30 s. A failure's backoff grows
    // with the failures alone, not with the 429s waited out before it.
    retryDelay: () => 0,
    onRetry: (attempt, error) => {
      const step = error.response?.status === 429 ? attempt : budgetOf(error).failures;
      return pause(retryDelayMs(step, error, baseDelayMs));
    },
  });
}
