import { isDeepStrictEqual } from "node:util";

/**
 * Whether two authConfig values are equal once strings are trimmed and lists put in one order: what real
 * servers are seen to change in what they store, so neither a refresh nor the proof of a lost create may
 * read such a difference as another value.
 */
export function sameAfterNormalisation(applied: unknown, shown: unknown): boolean {
  return isDeepStrictEqual(normalised(applied), normalised(shown));
}

function normalised(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value)) {
    return value
      .map(normalised)
      .map((item) => ({ item, order: JSON.stringify(item) ?? "" }))
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
      .map(({ item }) => item);
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, normalised(item)]),
    );
  }
  return value;
}
