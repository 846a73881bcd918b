import type { ApiClient } from "../client";

/**
 * Identical queries share one request: concurrent and later calls with the same query (same function,
 * account and canonical arguments) get the first call's answer. An answer is kept for a short time only
 * (`ttlMs`, default 60 s: about one deployment), so that a long-lived host (an Automation API server that
 * runs many deployments in one process) never serves stale active triggers or logs, and the cache holds
 * at most `maxBytes` of answers, oldest dropped first, so that its memory is bounded.
 *
 * Answers are kept as JSON text, not as objects: the caller that ran the query gets the object itself
 * (no copy on the common path); every later caller gets its own copy parsed from the text, so one caller
 * mutating its result cannot change another's. The text is also what the memory bound counts. A query
 * may hand its response body as that text (getTriggers: a catalog can be megabytes, and serializing it
 * again would cost more than parsing it did), with how to read its answer back from the parsed text.
 */

/** An answer and the JSON text to keep for later callers, with how to turn the parsed text into an answer. */
export interface CachedAnswer<T> {
  value: T;
  text: string;
  fromJson: (json: unknown) => T;
}

/** The answer kept as its own JSON serialization. */
export function serialized<T>(value: T): CachedAnswer<T> {
  return { value, text: JSON.stringify(value) ?? "null", fromJson: (json) => json as T };
}

export interface QueryCacheOptions {
  /** How long an answer is reused after it arrived (ms). */
  ttlMs?: number;
  /** Upper bound of the kept answers' size (UTF-16 code units of their JSON text, times 2). */
  maxBytes?: number;
  clock?: () => number;
}

export const DEFAULT_QUERY_TTL_MS = 60_000;
export const DEFAULT_QUERY_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  /** Settles with the answer and its text; the caller that ran the query gets the object. */
  answer: Promise<CachedAnswer<unknown>>;
  /** Set when the answer arrived; undefined while the request is in flight. */
  expiresAt?: number;
  bytes: number;
}

export class QueryCache {
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #maxBytes: number;
  readonly #clock: () => number;
  #bytes = 0;

  constructor(options: QueryCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_QUERY_TTL_MS;
    this.#maxBytes = options.maxBytes ?? DEFAULT_QUERY_CACHE_BYTES;
    this.#clock = options.clock ?? Date.now;
  }

  /** The bytes the kept answers take (for tests and benchmarks). */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get<T>(key: string, run: () => Promise<CachedAnswer<T>>): Promise<T> {
    const cached = this.#entries.get(key);
    if (cached && (cached.expiresAt === undefined || cached.expiresAt > this.#clock())) {
      const { text, fromJson } = await cached.answer;
      return fromJson(JSON.parse(text)) as T;
    }
    if (cached) this.#forget(key, cached);
    const entry: Entry = { answer: Promise.resolve(serialized<unknown>(undefined)), bytes: 0 };
    entry.answer = run().then(
      (answer) => {
        this.#settle(key, entry, answer.text.length * 2);
        return answer;
      },
      (error: unknown) => {
        // A failed query is forgotten, so that a later call tries again.
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
        throw error;
      },
    );
    this.#entries.set(key, entry);
    // The object goes to this caller, the one that ran the query; every other caller parses the text.
    return (await entry.answer).value as T;
  }

  #settle(key: string, entry: Entry, bytes: number): void {
    if (this.#entries.get(key) !== entry) return;
    if (bytes > this.#maxBytes) {
      this.#entries.delete(key);
      return;
    }
    entry.bytes = bytes;
    entry.expiresAt = this.#clock() + this.#ttlMs;
    this.#bytes += bytes;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      if (old.expiresAt !== undefined) this.#forget(oldKey, old);
    }
  }

  #forget(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** The cache of the process's data functions. */
const processCache = new QueryCache();

export async function cachedQuery<Q extends Record<string, unknown>, T>(
  functionName: string,
  client: ApiClient,
  query: Q,
  run: (canonicalQuery: Q) => Promise<CachedAnswer<T>>,
): Promise<T> {
  const canonicalQuery = canonical(query);
  const key = JSON.stringify([functionName, client.identity, canonicalQuery]);
  return processCache.get(key, () => run(canonicalQuery));
}

/**
 * The canonical form of a query: keys sorted, absent values dropped, lists sorted and deduplicated (the
 * API treats them as sets), so `["b","a"]` and `["a","b","a"]` are the same query. An empty list is kept:
 * it selects nothing, which is not the same query as no filter at all.
 */
export function canonical<T extends Record<string, unknown>>(query: T): T {
  const entries = Object.keys(query)
    .sort()
    .map((key): [string, unknown] => {
      const value = query[key];
      return [key, Array.isArray(value) ? [...new Set(value.filter((item) => item !== ""))].sort() : value];
    })
    .filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries) as T;
}
