/** The public types of the emulator's programmatic API (its interface: the names are fixed). */
import type { Catalog } from "./catalog/types";
import type { Fixtures } from "./fixtures";
import type { SecretValueMode } from "./secret-values";

export interface FaultSettings {
  /** Added to every matching request. */
  latencyMs: number;
  /** Plus a uniform random 0..jitterMs. */
  jitterMs: number;
  /** Share 0..1 of matching requests answered 503 (JSON error body). */
  errorRate: number;
  /** Share 0..1 answered 429 with Retry-After + X-RateLimit-* headers. */
  throttleRate: number;
  /** Share 0..1 of all 429s (random or rate limit) sent with no such headers. */
  headerlessThrottleRate: number;
  /** Retry-After on random 429s. */
  retryAfterSeconds: number;
  /** Per-API-key request rate limit (token bucket), null = off. */
  rateLimitPerSecond: number | null;
  /** Share 0..1 of matching requests whose connection is destroyed. */
  resetRate: number;
  /** true: the handler runs (effect applied), then the socket is destroyed before the response is written. */
  resetAfterHandler: boolean;
  /** "METHOD routePattern" entries the faults apply to; null = every /api/v1 route. */
  match: string[] | null;
  /** Apply faults to only the next N matching requests, then stop; null = forever. */
  remaining: number | null;
  /**
   * `remaining` for each route apart: only the next N matching requests of each "METHOD routePattern" named,
   * and none of a route not named; null = off. `{ "POST /api/v1/integrations": 1, "POST
   * /api/v1/triggers/enable/:connectedAccountId/:triggerName": 1 }` takes the first request of each, in
   * whichever order concurrent operations send them (one `remaining: 2` would take the first two of either).
   */
  remainingPerRoute: Record<string, number> | null;
  /**
   * A lost create (or any lost write) that happens anyway, later: a matching write request (POST, PUT,
   * PATCH, DELETE) has its connection reset at once (the client sees no response, as with `resetRate` 1 and
   * `resetAfterHandler` false), and is then applied this many ms later exactly as if it had arrived then
   * (its body, headers and key as sent; no faults). Its request log entry is the reset one (statusCode 0,
   * fault "lateCommit"); the late application is not in the request log. `close()` cancels late commits
   * not yet applied. null = off.
   */
  lateCommitMs: number | null;
  /**
   * The server's clock runs this many ms ahead (positive) or behind (negative) of the machine's for every
   * timestamp written for the key's requests (createdAt, updatedAt, disabledAt, log entries, events). Not
   * a per-request fault: `match` and `remaining` do not apply to it.
   */
  clockOffsetMs: number;
}

export type FaultKind = "latency" | "error" | "throttle" | "reset" | "lateCommit";

export interface RequestLogEntry {
  method: string;
  /** Fastify route pattern, e.g. "/api/v1/integrations/:integrationId" ("" if none). */
  route: string;
  /** Path + query as received. */
  url: string;
  /** 0 when the connection was reset. */
  statusCode: number;
  responseTimeMs: number;
  /** Index of the API key in apiKeys (never the key itself; keys of one account have their own indexes). */
  tenant: number | null;
  fault: FaultKind | null;
}

export interface RequestLog {
  entries(): RequestLogEntry[];
  count(filter?: { method?: string; route?: string; tenant?: number }): number;
  clear(): void;
}

export interface EmulatorOptions {
  /** Default 4010; 0 = ephemeral. */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /**
   * Each `<key>` (its own account) or `<key>=<tenant>` (split at the last "="): keys naming one tenant
   * share its records, as the keys of one project of the real service do. A tenant name matches
   * /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/. Default: the API keys of the fixtures, else one generated key
   * "emu_" + random.
   */
  apiKeys?: string[];
  /** Persistence file (atomic writes); undefined = in memory. */
  dataFile?: string;
  /** Path of a JSON file, or the object. Seeds the store when there is no saved dataFile yet. */
  fixtures?: string | Fixtures;
  /** Replaces the built-in catalog. */
  catalog?: Catalog;
  faults?: Partial<FaultSettings>;
  /** No request log lines on stdout (default true); the in-memory RequestLog is always kept. */
  quiet?: boolean;
  /**
   * Behave as real servers do with a connector's authConfig (default false): add a default key
   * (`redirect_uri`) and normalise values (strings trimmed, lists of strings sorted) before storing.
   */
  normaliseAuthConfig?: boolean;
  /**
   * How reads show a connector's secret authConfig values (default "omitted", as the contract says):
   * "clear" as the real service has been seen to send `client_secret`, "masked" as "****" (see
   * secret-values.ts).
   */
  secretValues?: SecretValueMode;
  /**
   * Waits before each retry of a failed event delivery, in ms (default [500, 1000, 2000, 4000]); the list
   * also bounds the attempts: one more than its length.
   */
  deliveryRetryDelaysMs?: number[];
  /** How long one delivery attempt waits for the callback URL to answer, in ms (default 5000). */
  deliveryTimeoutMs?: number;
  /** Fire every enabled trigger instance of every tenant every N seconds (a live feed); default off. */
  fireEverySeconds?: number;
  /**
   * Called with every response the emulator sends (conformance checks against GET /openapi.json).
   * Sees bodies as sent: secrets are already omitted there.
   */
  observeResponse?: (response: ObservedResponse) => void;
}

export interface ObservedResponse {
  method: string;
  /** Fastify route pattern; undefined when no route matched (404). */
  route: string | undefined;
  statusCode: number;
  contentType: string;
  /** The body as sent ("" when none). */
  body: string;
}

export interface RunningEmulator {
  /** "http://127.0.0.1:PORT", no trailing slash. */
  url: string;
  /** apiKeys[0]. */
  apiKey: string;
  /** The configured keys, in order, without their `=tenant` suffix. */
  apiKeys: string[];
  /**
   * The account id of a configured key: what its client_info answers as `client.id` (the tenant name of a
   * `key=tenant`, else `client_<16 hex>`). Throws for a key that is not configured.
   */
  accountIdOf(key: string): string;
  requestLog: RequestLog;
  faults(): FaultSettings;
  /** Merges into the current settings. */
  setFaults(f: Partial<FaultSettings>): void;
  /** Back to defaults (no faults). */
  clearFaults(): void;
  /** Graceful; flushes dataFile. */
  close(): Promise<void>;
}
