import type { CheckFailure } from "../resources/shared/types";
import { containsUnknown } from "../resources/shared/unknowns";
import {
  mapConfigSource,
  resolveSettings,
  SETTINGS_ENV,
  SETTINGS_KEYS,
  SettingsError,
  type ConfigSource,
} from "../settings";
import type { Props } from "./properties";

/**
 * The provider's own inputs: the settings, as the default provider gets them from the stack config (keys
 * without the namespace, string values, `apiKey` a secret; pkg/resource/deploy/target.go, GetPackageConfig)
 * and as an explicit `Provider` gets them from its arguments (typed values, or JSON strings: the generated
 * SDKs send a provider's non-string arguments JSON-encoded). Either way they become the same namespaced
 * ConfigSource the dynamic front end gives the handlers (`integrations:apiKey`, ...), and resolveSettings
 * reads them, falling back to the environment, as it does there.
 */

type SettingKey = keyof typeof SETTINGS_KEYS;
const SETTING_KEYS = Object.keys(SETTINGS_KEYS) as SettingKey[];

/** Keys the SDKs or the engine add to a provider's inputs that are not settings. */
const NOT_SETTINGS = new Set(["version", "pluginDownloadURL"]);

/** The settings among a provider's inputs, as the strings a stack config holds (undefined when not set). */
export function settingsOf(inputs: Props): Partial<Record<SettingKey, string>> {
  const values: Partial<Record<SettingKey, string>> = {};
  for (const key of SETTING_KEYS) {
    const value = inputs[key];
    if (value === undefined || value === null) continue;
    values[key] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return values;
}

/** The ConfigSource the handlers' `configure` takes: namespaced keys, as the dynamic provider's host gives them. */
export function configSourceOf(inputs: Props): ConfigSource {
  const settings = settingsOf(inputs);
  return mapConfigSource(
    Object.fromEntries(
      Object.entries(settings).map(([key, value]) => [SETTINGS_KEYS[key as SettingKey], value]),
    ),
  );
}

/**
 * CheckConfig: what is set must be valid (a base URL an http(s) URL, the numbers integers in range, the key
 * printable); what is not set may come from the environment, or is reported by the first request that needs
 * it, as with the dynamic provider (so a preview needs no key). A value not known yet (a preview) is not
 * judged. Unknown keys are refused by name: a misspelt setting would otherwise be ignored silently.
 */
export function checkProviderConfig(news: Props): { inputs: Props; failures: CheckFailure[] } {
  const failures: CheckFailure[] = [];
  for (const key of Object.keys(news)) {
    if (!(SETTING_KEYS as string[]).includes(key) && !NOT_SETTINGS.has(key)) {
      failures.push({
        property: key,
        reason: `is not a setting of this provider (${SETTING_KEYS.join(", ")})`,
      });
    }
  }
  const known = Object.fromEntries(Object.entries(news).filter(([, value]) => !containsUnknown(value)));
  const settings = settingsOf(known);
  for (const key of SETTING_KEYS) {
    if (settings[key] === undefined) continue;
    // Each setting alone, the two required ones filled in, so that each failure names its own key.
    const probe: Record<string, string> = {
      [SETTINGS_KEYS.apiKey]: "probe",
      [SETTINGS_KEYS.baseUrl]: "http://probe.invalid",
      [SETTINGS_KEYS[key]]: settings[key]!,
    };
    try {
      resolveSettings(mapConfigSource(probe), {});
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      failures.push({ property: key, reason: error.message });
    }
  }
  return { inputs: news, failures };
}

/**
 * DiffConfig: another base URL is another service, so the provider is replaced, and with it every
 * resource it manages (created in the new service, deleted from the old one), as a resource's own
 * `connection` does (../resources/shared/connection.ts). A base URL not known yet (a preview) may be
 * another: the preview says so. A base URL left unset is the environment's (INTEGRATIONS_BASE_URL, as read
 * now). Any other change (a rotated key, a timeout) is an update that replaces nothing: the next calls use
 * the new values.
 */
export function diffProviderConfig(
  olds: Props,
  news: Props,
  env: NodeJS.ProcessEnv = process.env,
): { changes: string[]; replaces: string[] } {
  const before = settingsOf(olds);
  const after = settingsOf(news);
  const changes = SETTING_KEYS.filter((key) => containsUnknown(news[key]) || before[key] !== after[key]);
  const fallback = env[SETTINGS_ENV.baseUrl];
  const replaces =
    containsUnknown(news.baseUrl) ||
    normalUrl(before.baseUrl ?? fallback) !== normalUrl(after.baseUrl ?? fallback)
      ? ["baseUrl"]
      : [];
  return { changes, replaces };
}

/** One service, however its URL is written: resolveSettings trims it and drops trailing slashes too. */
function normalUrl(url: string | undefined): string | undefined {
  return url?.trim().replace(/\/+$/, "");
}
