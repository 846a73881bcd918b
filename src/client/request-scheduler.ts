import { setTimeout as sleep } from "node:timers/promises";
import Bottleneck from "bottleneck";

/**
 * When each HTTP attempt may start. Two layers, both shared across the process:
 * - a concurrency cap (`maxConcurrentRequests`) shared by every client of the process with that cap, so a
 *   wide `pulumi up` (every resource of the provider process) never has more requests in flight than it;
 * - per account (base URL + key), an adaptive rate: a 429 pauses every request of that account for the
 *   `Retry-After` the server asked for and halves the request rate, which then grows back by one request
 *   per second per success (additive increase, multiplicative decrease, as TCP does), never above the
 *   `X-RateLimit-Limit` per second that the server advertises, nor above `maxRequestsPerSecond` when the
 *   stack sets one (so that the tenant's own applications keep their share of the key's limit). An answer
 *   saying `X-RateLimit-Remaining: 0` pauses the account for the time one request's worth of the limit takes
 *   to come back, so that the next request is not sent into a certain 429; while few remain, the rate does
 *   not grow. Other processes on the same key drain the same budget: these headers are what this process
 *   learns of them. A 429's halving spaces requests by 2 s at most: beyond, Retry-After does the waiting.
 * A retry re-enters both layers, so a throttled burst slows the whole process, not each request alone.
 */

export const DEFAULT_MAX_CONCURRENT_REQUESTS = 8;

/** Each success raises the paced rate by this many requests per second (the additive increase). */
const RECOVERY_STEP_PER_SECOND = 1;
/**
 * The most a run of 429s spaces requests by halving: beyond it the service's Retry-After pauses do the
 * waiting, so that a process never crawls after the throttling has passed.
 */
const MAX_HALVED_INTERVAL_MS = 2_000;
/** Below this spacing, requests are not paced at all. */
const MIN_PACED_INTERVAL_MS = 1;
/** Below this share of the advertised limit remaining, the rate does not grow. */
const LOW_REMAINING_SHARE = 0.1;

/** What an answered request's headers say of the account's limit. */
export interface RateSignal {
  /** X-RateLimit-Limit, when the server sent it. */
  limitPerSecond?: number;
  /** X-RateLimit-Remaining, when the server sent it. */
  remaining?: number;
}

export interface ThrottleSignal {
  /** How long the server asked every request to wait (Retry-After, or the backoff when it said nothing). */
  waitMs: number;
  /** X-RateLimit-Limit, when the server sent it. */
  limitPerSecond?: number;
}

/** The per-account gate: pause after a 429, spacing between request starts that adapts to 429s. */
export class AdaptiveRate {
  // maxConcurrent 1: admissions are handed out one at a time, `minTime` apart; an admission itself only
  // waits out a pause, so the gate never holds a request longer than the pacing asks.
  readonly #gate = new Bottleneck({ maxConcurrent: 1, minTime: 0 });
  #intervalMs = 0;
  /** The spacing the server's advertised limit asks for (0: none advertised yet). */
  #advertisedMs = 0;
  /** The spacing `maxRequestsPerSecond` asks for (0: none). */
  #capMs = 0;
  /** The larger of the two: the adaptive spacing never goes below it. */
  #floorMs = 0;
  #pausedUntil = 0;
  /** Request starts of the last second, to halve the rate actually reached when a 429 arrives unpaced. */
  readonly #recentStarts: number[] = [];

  /** Resolves when a request of this account may start. */
  admit(): Promise<void> {
    return this.#gate.schedule(async () => {
      for (let wait = this.#pausedUntil - Date.now(); wait > 0; wait = this.#pausedUntil - Date.now()) {
        await sleep(wait);
      }
      const now = Date.now();
      this.#recentStarts.push(now);
      while ((this.#recentStarts[0] ?? now) <= now - 1000) this.#recentStarts.shift();
    });
  }

  /**
   * This process's own ceiling (`maxRequestsPerSecond`): the lowest one asked for holds, whatever the
   * server advertises.
   */
  capAt(maxRequestsPerSecond: number): void {
    const capMs = 1000 / maxRequestsPerSecond;
    if (capMs <= this.#capMs) return;
    this.#capMs = capMs;
    this.#learnLimit(undefined);
  }

  /** A response that was not a 429: recover a step of rate, and learn the advertised limit and what remains. */
  succeeded(signal: RateSignal = {}): void {
    const { limitPerSecond, remaining } = signal;
    this.#learnLimit(limitPerSecond);
    if (limitPerSecond !== undefined && limitPerSecond > 0 && remaining !== undefined) {
      if (remaining <= 0) this.#pausedUntil = Math.max(this.#pausedUntil, Date.now() + 1000 / limitPerSecond);
      // Nearly drained, by this process or others on the key: hold the rate rather than speed up.
      if (remaining < limitPerSecond * LOW_REMAINING_SHARE) return;
    }
    if (this.#intervalMs > this.#floorMs) {
      this.#setInterval(1000 / (1000 / this.#intervalMs + RECOVERY_STEP_PER_SECOND));
    }
  }

  /** A 429: pause the account and halve its rate (once per pause, however many requests were throttled). */
  throttled(signal: ThrottleSignal): void {
    this.#learnLimit(signal.limitPerSecond);
    const now = Date.now();
    const alreadyPaused = this.#pausedUntil > now;
    this.#pausedUntil = Math.max(this.#pausedUntil, now + signal.waitMs);
    if (alreadyPaused) return;
    const reached = this.#recentStarts.length;
    const halved = this.#intervalMs > 0 ? this.#intervalMs * 2 : 2000 / Math.max(1, reached);
    this.#setInterval(Math.min(halved, Math.max(MAX_HALVED_INTERVAL_MS, this.#floorMs)));
  }

  /** The current spacing between request starts in ms (0: unpaced). */
  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Epoch ms until which no request of this account starts. */
  get pausedUntil(): number {
    return this.#pausedUntil;
  }

  #learnLimit(limitPerSecond: number | undefined): void {
    if (limitPerSecond !== undefined && limitPerSecond > 0) this.#advertisedMs = 1000 / limitPerSecond;
    this.#floorMs = Math.max(this.#capMs, this.#advertisedMs);
    if (this.#intervalMs < this.#floorMs) this.#setInterval(this.#floorMs);
  }

  #setInterval(ms: number): void {
    const next =
      ms < MIN_PACED_INTERVAL_MS && this.#floorMs < MIN_PACED_INTERVAL_MS ? 0 : Math.max(ms, this.#floorMs);
    if (next === this.#intervalMs) return;
    this.#intervalMs = next;
    this.#gate.updateSettings({ minTime: Math.round(next) });
  }
}

const capLimiters = new Map<number, Bottleneck>();
const accountRates = new Map<string, AdaptiveRate>();

/** The process-wide limiter of a concurrency cap. */
export function concurrencyLimiter(maxConcurrentRequests: number): Bottleneck {
  let limiter = capLimiters.get(maxConcurrentRequests);
  if (!limiter) {
    limiter = new Bottleneck({ maxConcurrent: maxConcurrentRequests });
    capLimiters.set(maxConcurrentRequests, limiter);
  }
  return limiter;
}

/** The process-wide adaptive rate of an account, keyed by a client's `identity` (never the key itself). */
export function accountRate(identity: string): AdaptiveRate {
  let rate = accountRates.get(identity);
  if (!rate) {
    rate = new AdaptiveRate();
    accountRates.set(identity, rate);
  }
  return rate;
}
