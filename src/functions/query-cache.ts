import type { ApiClient } from "../client";
import { Remembered } from "../client/remembered";

/**
 * Identical queries in one process cost one request: concurrent and later calls with the same query (same
 * function, account and canonical arguments) share the first call's answer. A failed query is forgotten, so
 * that a later call tries again. Each caller gets its own copy, so one caller changing its result cannot
 * change another's.
 */
const answers = new Remembered<unknown>();

export async function cachedQuery<Q extends Record<string, unknown>, T>(
  functionName: string,
  client: ApiClient,
  query: Q,
  run: (canonicalQuery: Q) => Promise<T>,
): Promise<T> {
  const canonicalQuery = canonical(query);
  const key = JSON.stringify([functionName, client.identity, canonicalQuery]);
  const answer = answers.get(key, () => run(canonicalQuery)) as Promise<T>;
  return copyOf(await answer);
}

/**
 * A deep copy of a parsed answer (plain objects, arrays and primitives, as JSON gives): several times
 * faster than structuredClone, whose serialisation made a 10,000-trigger getTriggers cost more than twice
 * its GET and JSON.parse.
 */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = copyOf(item);
  return copy as T;
}

/**
 * The canonical form of a query: keys sorted, absent values dropped, lists sorted and deduplicated (the
 * API treats them as sets), so `["b","a"]` and `["a","b","a"]` are the same query. An empty list is kept:
 * it selects nothing, which is not the same query as no filter at all.
 */
function canonical<T extends Record<string, unknown>>(query: T): T {
  const entries = Object.keys(query)
    .sort()
    .map((key): [string, unknown] => {
      const value = query[key];
      return [key, Array.isArray(value) ? [...new Set(value.filter((item) => item !== ""))].sort() : value];
    })
    .filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries) as T;
}
