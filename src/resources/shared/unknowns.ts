/**
 * During a preview, an input that depends on another resource's not-yet-known output reaches `check` and
 * `diff` as this literal string (the SDK's `runtime.unknownValue`). It means "unknown", never a value.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when the value is unknown or holds an unknown anywhere inside (an authConfig with one unknown key). */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
