/**
 * Fault injection: latency, 503s, 429s (random or from a per-key token bucket, with or without headers),
 * connection resets and late commits (a write reset at once, then applied later). Rates of 0 and 1 make
 * every knob deterministic; `remaining` bounds how many matching requests are affected. The clock offset
 * is kept here too (it is set and read as the other settings are) but is no per-request fault: clock.ts.
 */
import { parseInput, faultSettingsPatch } from "./schemas";
import type { FaultKind, FaultSettings } from "./types";

/** X-RateLimit-Limit of random 429s when no rate limit is configured (a nominal figure, like a real plan's). */
const NOMINAL_RATE_LIMIT = 100;

export const defaultFaultSettings = (): FaultSettings => ({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  throttleRate: 0,
  headerlessThrottleRate: 0,
  retryAfterSeconds: 1,
  rateLimitPerSecond: null,
  resetRate: 0,
  resetAfterHandler: true,
  match: null,
  remaining: null,
  remainingPerRoute: null,
  lateCommitMs: null,
  clockOffsetMs: 0,
});

/** The requests a late commit applies to: those that change something. */
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type FaultOutcome =
  | { kind: "error" }
  | { kind: "throttle"; headers: Record<string, string> }
  | { kind: "reset"; afterHandler: boolean }
  /** Reset at once, then applied `afterMs` later (server.ts). */
  | { kind: "lateCommit"; afterMs: number };

export interface FaultDecision {
  delayMs: number;
  outcome: FaultOutcome | null;
  /** X-RateLimit-* headers for answered requests while a rate limit is on. */
  headers: Record<string, string>;
  /** What the request log records. */
  kind: FaultKind | null;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/**
 * The operator's settings (options, CLI, the programmatic API) apply to every tenant; a tenant that sets
 * its own over HTTP (/_emulator/faults) gets those instead, and no tenant can read or change another's.
 */
export class FaultController {
  private settings = defaultFaultSettings();
  /** Settings a tenant set for itself over HTTP; they replace the operator's for that tenant. */
  private readonly byTenant = new Map<number, FaultSettings>();
  private readonly buckets = new Map<number, Bucket>();

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.set(initial);
  }

  /** The operator's settings, or with a tenant the ones that apply to it. */
  get(tenant?: number): FaultSettings {
    return copy(this.effective(tenant));
  }

  /** Merges a partial update (into one tenant's settings when given); throws a 400-shaped error when invalid. */
  set(patch: unknown, tenant?: number): FaultSettings {
    const valid = parseInput(faultSettingsPatch, patch, "faults");
    const given = Object.fromEntries(Object.entries(valid).filter(([, value]) => value !== undefined));
    // A copy: a budget (`remaining...`) counted down for a tenant is never the operator's.
    this.store({ ...copy(this.effective(tenant)), ...(given as Partial<FaultSettings>) }, tenant);
    return this.get(tenant);
  }

  /**
   * With a tenant: forgets what it set (the operator's settings apply to it again). Without: no faults
   * anywhere, what tenants set included.
   */
  clear(tenant?: number): FaultSettings {
    if (tenant === undefined) {
      this.byTenant.clear();
      this.store(defaultFaultSettings(), undefined);
    } else {
      this.byTenant.delete(tenant);
      this.buckets.delete(tenant);
    }
    return this.get(tenant);
  }

  /** The clock offset of a tenant (the operator's without one), in ms: clock.ts. */
  clockOffsetMs(tenant?: number): number {
    return this.effective(tenant).clockOffsetMs;
  }

  /** Decides the faults of one request to an /api/v1 route; null when none apply. */
  decide(method: string, route: string, tenant: number): FaultDecision | null {
    const s = this.effective(tenant);
    const lateCommitMs = WRITE_METHODS.has(method) ? s.lateCommitMs : null;
    if (!anyFaultConfigured(s) && lateCommitMs === null) return null;
    if (s.match && !s.match.includes(`${method} ${route}`)) return null;
    // Both budgets are asked before either is spent: a request one of them refuses costs the other nothing.
    const routeKey = `${method} ${route}`;
    if (s.remainingPerRoute !== null && !((s.remainingPerRoute[routeKey] ?? 0) > 0)) return null;
    if (s.remaining !== null && s.remaining <= 0) return null;
    if (s.remaining !== null) s.remaining -= 1;
    if (s.remainingPerRoute !== null) s.remainingPerRoute[routeKey]! -= 1;
    const delayMs = s.latencyMs + (s.jitterMs > 0 ? this.random() * s.jitterMs : 0);
    const limited = this.takeToken(s, tenant);
    let outcome: FaultOutcome | null = null;
    if (limited.retryAfterSeconds !== null) {
      outcome = this.throttle(s, limited.retryAfterSeconds, 0);
    } else if (lateCommitMs !== null) {
      outcome = { kind: "lateCommit", afterMs: lateCommitMs };
    } else if (this.hits(s.resetRate)) {
      outcome = { kind: "reset", afterHandler: s.resetAfterHandler };
    } else if (this.hits(s.errorRate)) {
      outcome = { kind: "error" };
    } else if (this.hits(s.throttleRate)) {
      outcome = this.throttle(s, s.retryAfterSeconds, limited.remaining ?? 0);
    }
    const headers: Record<string, string> =
      s.rateLimitPerSecond !== null && outcome?.kind !== "throttle"
        ? {
            "x-ratelimit-limit": String(s.rateLimitPerSecond),
            "x-ratelimit-remaining": String(limited.remaining ?? 0),
          }
        : {};
    const kind: FaultKind | null = outcome ? outcome.kind : delayMs > 0 ? "latency" : null;
    return { delayMs, outcome, headers, kind };
  }

  private effective(tenant: number | undefined): FaultSettings {
    return (tenant === undefined ? undefined : this.byTenant.get(tenant)) ?? this.settings;
  }

  private store(settings: FaultSettings, tenant: number | undefined): void {
    if (tenant === undefined) {
      this.settings = settings;
      this.buckets.clear();
    } else {
      this.byTenant.set(tenant, settings);
      this.buckets.delete(tenant);
    }
  }

  private hits(rate: number): boolean {
    return rate > 0 && this.random() < rate;
  }

  private throttle(s: FaultSettings, retryAfterSeconds: number, remaining: number): FaultOutcome {
    if (this.hits(s.headerlessThrottleRate)) return { kind: "throttle", headers: {} };
    return {
      kind: "throttle",
      headers: {
        "retry-after": String(retryAfterSeconds),
        "x-ratelimit-limit": String(s.rateLimitPerSecond ?? NOMINAL_RATE_LIMIT),
        "x-ratelimit-remaining": String(remaining),
      },
    };
  }

  /** Token bucket per tenant, one second of burst. retryAfterSeconds is set when the request is over the limit. */
  private takeToken(
    s: FaultSettings,
    tenant: number,
  ): { retryAfterSeconds: number | null; remaining: number | null } {
    const rate = s.rateLimitPerSecond;
    if (rate === null) return { retryAfterSeconds: null, remaining: null };
    const capacity = Math.max(1, rate);
    const at = this.clock();
    const bucket = this.buckets.get(tenant) ?? { tokens: capacity, refilledAt: at };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((at - bucket.refilledAt) / 1000) * rate);
    bucket.refilledAt = at;
    this.buckets.set(tenant, bucket);
    if (bucket.tokens < 1) {
      return { retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)), remaining: 0 };
    }
    bucket.tokens -= 1;
    return { retryAfterSeconds: null, remaining: Math.floor(bucket.tokens) };
  }
}

function anyFaultConfigured(s: FaultSettings): boolean {
  return (
    s.latencyMs > 0 ||
    s.jitterMs > 0 ||
    s.errorRate > 0 ||
    s.throttleRate > 0 ||
    s.resetRate > 0 ||
    s.rateLimitPerSecond !== null
  );
}

function copy(settings: FaultSettings): FaultSettings {
  return {
    ...settings,
    match: settings.match ? [...settings.match] : null,
    remainingPerRoute: settings.remainingPerRoute ? { ...settings.remainingPerRoute } : null,
  };
}
