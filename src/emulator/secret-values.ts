import { omitSecrets } from "./catalog-index";

/**
 * How the emulator shows a connector's secret authConfig values, behind the `secretValues` option, so that
 * tests can hold the client and the resources to servers that do not answer as the contract says:
 * - "omitted" (default): left out of every read, as the contract says of secret values;
 * - "clear": sent as stored, as the real service has been seen to answer `client_secret`;
 * - "masked": replaced by "****", a variant guarded against though no real body of it is on record.
 */
export const SECRET_VALUE_MODES = ["omitted", "masked", "clear"] as const;
export type SecretValueMode = (typeof SECRET_VALUE_MODES)[number];

const MASKED_VALUE = "****";

/** The authConfig as a read shows it; `secretKeys` are lower-case (as the catalog gives them). */
export function shownAuthConfig(
  config: Record<string, unknown>,
  secretKeys: Set<string>,
  mode: SecretValueMode,
): Record<string, unknown> {
  if (mode === "omitted") return omitSecrets(config, secretKeys);
  if (mode === "clear") return { ...config };
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      secretKeys.has(key.toLowerCase()) ? MASKED_VALUE : value,
    ]),
  );
}
