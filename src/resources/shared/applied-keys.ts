import { sameAfterNormalisation } from "../../client/normalisation";

/**
 * What a refresh makes of a free-form object the stack applied (a connector's authConfig, a trigger
 * instance's triggerConfig) against what the server shows of it.
 *
 * The API omits sensitive authConfig values on every read, and real servers add keys of their own and
 * normalise values (trim strings, reorder lists), so what the server shows can never be compared with
 * what was applied as it is. State keeps the applied authConfig (a secret output); a refresh compares only
 * the keys the stack applied:
 * - an applied key the server shows with another value is drift: the server's value is taken, so the next
 *   `up` puts the applied one back;
 * - an applied key whose shown value differs only by normalisation is not drift: the applied value stays;
 * - an applied key the server does not show is kept: it is redacted, and its value is unknowable
 *   (the price: a non-secret key removed remotely is not noticed);
 * - a key the stack never applied (one the server added) is not the stack's: it is left out, or
 *   `up --refresh` would re-PATCH forever to remove it.
 * Returns undefined when the object is not managed (nothing was applied).
 */
export function refreshAppliedKeys(
  applied: Record<string, unknown> | undefined,
  visible: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (applied === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(applied).map(([key, value]) => {
      if (!Object.hasOwn(visible, key)) return [key, value];
      const shown = visible[key];
      return [key, sameAfterNormalisation(value, shown) ? value : shown];
    }),
  );
}
