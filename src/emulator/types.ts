/** The public types of the emulator's programmatic API (agreed in INTERFACES.md; names are fixed). */
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
}

export type FaultKind = "latency" | "error" | "throttle" | "reset";

export interface RequestLogEntry {
  method: string;
  /** Fastify route pattern, e.g. "/api/v1/integrations/:integrationId" ("" if none). */
  route: string;
  /** Path + query as received. */
  url: string;
  /** 0 when the connection was reset. */
  statusCode: number;
  responseTimeMs: number;
  /** Index of the API key in apiKeys (never the key itself). */
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
  /** Default: the API keys of the fixtures, else one generated key "emu_" + random. */
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
  apiKeys: string[];
  requestLog: RequestLog;
  faults(): FaultSettings;
  /** Merges into the current settings. */
  setFaults(f: Partial<FaultSettings>): void;
  /** Back to defaults (no faults). */
  clearFaults(): void;
  /** Graceful; flushes dataFile. */
  close(): Promise<void>;
}
