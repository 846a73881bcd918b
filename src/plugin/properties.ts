import { Struct } from "google-protobuf/google/protobuf/struct_pb";

/**
 * Property values between the engine's protobuf Structs and the handlers' plain values.
 *
 * The plugin announces `acceptSecrets` in Configure, so the engine sends a secret as an object
 * `{ [SECRET_SIG]: SECRET_VALUE, value }` (the constants below) and takes the same back. The handlers see
 * plain values; what goes back is marked secret again: each top-level key whose input held a secret (as the
 * engine itself does for a provider that does not accept secrets) and each the definition flags `secret`.
 *
 * A value not known yet (a preview) comes as the string UNKNOWN (../resources/shared/unknowns.ts), which
 * the handlers understand; it passes through untouched.
 */
export const SPECIAL_SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";

export type Props = Record<string, unknown>;

export function isSecretValue(value: unknown): value is { value?: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SPECIAL_SIG] === SECRET_VALUE
  );
}

export function secret(value: unknown): Props {
  return { [SPECIAL_SIG]: SECRET_VALUE, value };
}

/** The plain values of a Struct from the engine (absent: an empty map). */
export function fromStruct(struct: Struct | undefined): Props {
  return struct ? (reveal(struct.toJavaScript()) as Props) : {};
}

/** A Struct for the engine; keys whose value is undefined are left out (a Struct has no undefined). */
export function toStruct(props: Props): Struct {
  return Struct.fromJavaScript(defined(props) as Record<string, never>);
}

/** The value with every secret opened. */
export function reveal(value: unknown): unknown {
  if (isSecretValue(value)) return reveal(value.value);
  if (Array.isArray(value)) return value.map(reveal);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reveal(item)]));
  }
  return value;
}

/** True when the value is, or holds, a secret. */
export function holdsSecret(value: unknown): boolean {
  if (isSecretValue(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsSecret);
  return false;
}

/** The top-level keys of a wire map that hold a secret. */
export function secretKeysOf(...wires: Props[]): Set<string> {
  const keys = new Set<string>();
  for (const wire of wires)
    for (const [key, value] of Object.entries(wire)) if (holdsSecret(value)) keys.add(key);
  return keys;
}

/** The plain values with the given top-level keys marked secret (a value already unknown stays as it is). */
export function markSecrets(props: Props, keys: ReadonlySet<string>): Props {
  return Object.fromEntries(
    Object.entries(props).map(([key, value]) => [
      key,
      keys.has(key) && value !== undefined && value !== null ? secret(value) : value,
    ]),
  );
}

function defined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : defined(item)));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, defined(item)]),
    );
  }
  return value;
}
