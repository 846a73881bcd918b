/**
 * The API omits sensitive authConfig values on every read, so what the server shows can never be compared
 * with what was applied as it is. State keeps the applied authConfig (a secret output); a refresh lays
 * the server's visible keys over it:
 * - a key the server shows wins (drift of a visible value, or a key added remotely, is reported);
 * - a key the server does not show is kept from state: it is redacted, and its value is unknowable.
 *   (The price: a non-secret key removed remotely is not noticed; the redacted-key list is per app and
 *   not worth a request per refresh.)
 * Returns undefined when authConfig is not managed (nothing was applied).
 */
export function mergeVisibleAuthConfig(
  applied: Record<string, unknown> | undefined,
  visible: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (applied === undefined) return undefined;
  return { ...applied, ...visible };
}
