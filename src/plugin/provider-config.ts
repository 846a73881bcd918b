import type { CheckFailure } from "../resources/shared/types";
import { containsUnknown } from "../resources/shared/unknowns";
import {
  mapConfigSource,
  resolveSettings,
  SETTINGS_ENV,
  SETTINGS_KEYS,
  SettingsError,
  type ConfigSource,
  type Settings,
} from "../settings";
import type { Props } from "./properties";

/**
 * The provider's own inputs: the settings, as the default provider gets them from the stack config (keys
 * without the namespace, string values, `apiKey` a secret)
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
 * it, as with the dynamic provider. A value not known yet (a preview) is not judged. Unknown keys are refused
 * by name: a misspelt setting would otherwise be ignored silently.
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
  const settings = settingsOf(knownOnly(news));
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
 * Where the provider reaches, resolved at CheckConfig and written into its inputs (and so into its state): the
 * base URL, from its inputs or the environment, and the account its key reaches (`accountId`, one request).
 * DiffConfig then sees a changed environment as it sees a changed input; a `pulumi refresh` or `destroy`, which
 * configure the provider from its state, reach the service and account recorded there, whatever the
 * environment says by then; and Configure takes the recorded account as a pin. A key taken from the environment
 * is never written. A pinned `accountId` the key does not reach fails, naming both. Nothing is resolved while a
 * setting is not known yet (a preview) or when the key or URL is missing (the first request reports it).
 */
export async function resolvedLocation(
  inputs: Props,
  accountOfSettings: (settings: Settings) => Promise<string>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ inputs: Props; failures: CheckFailure[] }> {
  if (containsUnknown(inputs)) return { inputs, failures: [] };
  let settings: Settings;
  try {
    settings = resolveSettings(configSourceOf(inputs), env);
  } catch (error) {
    if (error instanceof SettingsError) return { inputs, failures: [] };
    throw error;
  }
  const accountId = await accountOfSettings(settings);
  if (settings.accountId !== undefined && settings.accountId !== accountId) {
    const reason =
      `the API key reaches account "${accountId}", not the pinned "${settings.accountId}": nothing is created ` +
      `or changed with it. Use a key of account "${settings.accountId}", or change the pin if the stack is moving.`;
    return { inputs, failures: [{ property: "accountId", reason }] };
  }
  return { inputs: { ...inputs, baseUrl: settings.baseUrl, accountId }, failures: [] };
}

/**
 * DiffConfig. Another base URL reaching another account (or one not known yet) is another service: the
 * provider is replaced, and with it every resource it manages, created in the new service and deleted from the
 * old one through the old provider, as a deliberate move the preview shows. Another base URL reaching the same
 * account is the same service spelt differently: an update, after which each resource proves its object is
 * found there. Another account at the same URL (another project's key) is an update too, which every resource
 * of the provider then refuses, naming both accounts, before any write. Any other change (a rotated key, a
 * timeout) replaces nothing. An account recorded by CheckConfig for the first time (state of an older version)
 * is no change.
 */
export function diffProviderConfig(
  olds: Props,
  news: Props,
  env: NodeJS.ProcessEnv = process.env,
): { changes: string[]; replaces: string[] } {
  const before = settingsOf(olds);
  const after = settingsOf(news);
  // A provider of an older version recorded no base URL when it came from the environment, and no account.
  const fallback = env[SETTINGS_ENV.baseUrl];
  const movedUrl =
    containsUnknown(news.baseUrl) ||
    normalUrl(before.baseUrl ?? fallback) !== normalUrl(after.baseUrl ?? fallback);
  const changed = (key: SettingKey) => {
    if (containsUnknown(news[key])) return true;
    if (key === "baseUrl") return movedUrl;
    if (key === "accountId" && before.accountId === undefined) return false;
    return before[key] !== after[key];
  };
  const changes = SETTING_KEYS.filter(changed);
  const sameAccount =
    before.accountId !== undefined &&
    !containsUnknown(news.accountId) &&
    before.accountId === after.accountId;
  const replaced = containsUnknown(news.baseUrl) || (movedUrl && !sameAccount);
  return { changes, replaces: replaced ? ["baseUrl"] : [] };
}

function knownOnly(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => !containsUnknown(value)));
}
/** One service, however its URL is written: resolveSettings trims it and drops trailing slashes too. */
function normalUrl(url: string | undefined): string | undefined {
  return url?.trim().replace(/\/+$/, "");
}
