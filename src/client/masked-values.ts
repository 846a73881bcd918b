/**
 * Masked secret values. The contract has the service leave secret authConfig values out of every read;
 * a server may instead send them masked (`"****"`, or partly, as in `"sk-****abcd"`; not seen from the real
 * service, but guarded against). A masked value is not the value, so it is read as absent: the key is then
 * one whose value is unknown to us, like an omitted one, and neither a refresh, a diff nor the proof of a
 * lost create can take the mask for a changed value (which would make every `up` PATCH the secret back,
 * forever).
 */

/** A run of mask characters no real setting holds by chance: three or more `*`, `•` or `●`. */
const MASK = /[*\u2022\u25cf]{3,}/;

/** Whether a value is, or holds anywhere inside it, a masked string. */
export function isMasked(value: unknown): boolean {
  if (typeof value === "string") return MASK.test(value);
  if (Array.isArray(value)) return value.some(isMasked);
  if (value !== null && typeof value === "object") return Object.values(value).some(isMasked);
  return false;
}

/** The object without its masked keys (a key is dropped whole when a mask is anywhere in its value). */
export function withoutMaskedValues(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => !isMasked(value)));
}
