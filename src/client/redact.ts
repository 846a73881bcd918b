/**
 * Scrubs the secrets of one request (the API key and every authConfig value) out of text a server sent
 * back, so that an error echoing a submitted value ("client_secret 'abc' is invalid") cannot leak it.
 */

const REDACTED = "[redacted]";

/** Values shorter than this are not treated as secrets: replacing "1" or "on" everywhere would garble text. */
const MIN_SECRET_LENGTH = 4;

export type Redactor = <T>(value: T) => T;

export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so a secret containing another one is replaced whole.
  const needles = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  const scrub = (text: string): string =>
    needles.reduce((out, needle) => out.split(needle).join(REDACTED), text);
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return scrub(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [scrub(key), walk(inner)]));
    }
    return value;
  };
  return <T>(value: T): T => (needles.length === 0 ? value : (walk(value) as T));
}

/** Every string and number (as text) found anywhere inside an authConfig-like value. Booleans hold no secret. */
export function secretValuesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(secretValuesOf);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(secretValuesOf);
  return [];
}
