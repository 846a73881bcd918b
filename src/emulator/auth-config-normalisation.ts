/**
 * What real servers do to a stored authConfig, behind the `normaliseAuthConfig` option: they add keys of
 * their own and normalise values, so that what a read shows is not byte for byte what was sent. The
 * provider must not take that for drift (src/resources/shared/applied-keys.ts); this lets tests prove it.
 */

/** A key the server fills in when the caller did not (visible: not a secret). */
export const SERVER_DEFAULT_KEY = "redirect_uri";
export const SERVER_DEFAULT_VALUE = "https://backend.integrations.example/api/v1/auth-apps/add";

export function normaliseAuthConfig(config: Record<string, unknown>): Record<string, unknown> {
  const normalised = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, normaliseValue(value)]),
  );
  return { [SERVER_DEFAULT_KEY]: SERVER_DEFAULT_VALUE, ...normalised };
}

/** Strings trimmed; lists of strings trimmed and sorted (scopes come back in the server's order). */
function normaliseValue(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.map((item) => item.trim()).sort();
  }
  return value;
}
