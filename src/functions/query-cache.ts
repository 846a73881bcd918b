import type { ApiClient } from "../client";

/**
 * One request per distinct query per program run: concurrent and later calls with the same query share
 * the first call's promise. A failed query is forgotten, so a later call tries again.
 */
const pending = new Map<string, Promise<unknown>>();

export async function cachedQuery<Q extends Record<string, unknown>, T>(
  functionName: string,
  client: ApiClient,
  query: Q,
  run: (canonicalQuery: Q) => Promise<T>,
): Promise<T> {
  const canonicalQuery = canonical(query);
  const key = JSON.stringify([functionName, client.identity, canonicalQuery]);
  let promise = pending.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run(canonicalQuery);
    pending.set(key, promise);
    promise.catch(() => {
      if (pending.get(key) === promise) pending.delete(key);
    });
  }
  // Each caller gets its own copy: one caller mutating its result cannot change another's.
  return structuredClone(await promise);
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
