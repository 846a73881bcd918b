import { publicUrl } from "../public-url";
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
 * is never written. Nothing is resolved while a setting is not known yet (a preview of an explicit provider).
 *
 * It refuses, before the engine stores anything of the provider:
 * - missing or invalid settings, with the settings error (not a diff against the recorded ones);
 * - a key of another account than the pinned one (`integrations:accountId`), naming both;
 * - a key of another account than the one the provider's state records (`olds`), naming both: a wrong key in
 *   CI, or another service's URL and key. The one exception is a move asked for on purpose, a pin changed to
 *   the new account; it replaces the provider's resources, whose old objects its old state must still reach,
 *   so the old state must hold its key (given as config or argument, never taken from the environment);
 * - another base URL reaching the recorded account id, unless the recorded URL answers the key as that account
 *   too (one more request): the same service spelt otherwise, not another service knowing the same project id.
 */
export async function resolvedLocation(
  inputs: Props,
  olds: Props,
  accountOfSettings: (settings: Settings) => Promise<string>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ inputs: Props; failures: CheckFailure[] }> {
  if (containsUnknown(inputs)) return { inputs, failures: [] };
  let settings: Settings;
  try {
    settings = resolveSettings(configSourceOf(inputs), env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return { inputs, failures: [{ property: settingOf(error.key), reason: error.message }] };
  }
  const accountId = await accountOfSettings(settings);
  if (settings.accountId !== undefined && settings.accountId !== accountId) {
    const reason =
      `the API key reaches account "${accountId}", not the pinned "${settings.accountId}": nothing is created ` +
      `or changed with it. Use a key of account "${settings.accountId}", or change the pin if the stack is moving.`;
    return { inputs, failures: [{ property: "accountId", reason }] };
  }
  const serviceUrl = publicUrl(settings.baseUrl);
  const recorded = recordedLocation(olds);
  if (recorded !== undefined && recorded.accountId !== accountId) {
    const reason =
      settings.accountId === accountId
        ? oldKeyMissing(olds, recorded, { accountId, serviceUrl })
        : otherAccountThanRecorded(recorded, { accountId, serviceUrl });
    if (reason !== undefined) return { inputs, failures: [{ property: "accountId", reason }] };
  } else if (recorded?.serviceUrl !== undefined && recorded.serviceUrl !== serviceUrl) {
    // The same account id at another URL: the same service only if the recorded URL takes this key as that
    // account too (a service answers only its own keys); two services may know the same project id.
    const there = await accountOfSettings({ ...settings, baseUrl: recorded.serviceUrl }).catch(
      () => undefined,
    );
    if (there !== accountId) {
      const reason = notProvenSameService(recorded.serviceUrl, serviceUrl, accountId);
      return { inputs, failures: [{ property: "baseUrl", reason }] };
    }
  }
  const chosen = settings.accountId !== undefined ? { [ACCOUNT_CHOSEN]: true } : {};
  // A URL given as config or argument is kept as given (the server marks it secret when it carries
  // credentials); one from the environment is recorded in its public form, never with its credentials.
  const baseUrl = settingsOf(inputs).baseUrl !== undefined ? settings.baseUrl : serviceUrl;
  return { inputs: { ...inputs, baseUrl, accountId, ...chosen }, failures: [] };
}

/**
 * The provider input that says its `accountId` was given (a pin the user chose), not recorded by CheckConfig
 * from the account the key reached: only a chosen account proves where an object lives whose id proves nothing
 * (shared/location.ts). Never a setting: a config key of that name is refused.
 */
export const ACCOUNT_CHOSEN = "accountChosen";

/** Whether a provider's inputs (its stored state, as Configure gets them) hold an account CheckConfig recorded. */
export function accountRecorded(inputs: Props): boolean {
  return inputs.accountId !== undefined && inputs[ACCOUNT_CHOSEN] !== true;
}

interface RecordedLocation {
  accountId: string;
  serviceUrl: string | undefined;
}

/** The account (and public base URL) a provider's stored inputs record; none in a new stack or an older version's. */
function recordedLocation(olds: Props): RecordedLocation | undefined {
  const recorded = settingsOf(olds);
  if (recorded.accountId === undefined) return undefined;
  const serviceUrl = recorded.baseUrl === undefined ? undefined : publicUrl(recorded.baseUrl);
  return { accountId: recorded.accountId, serviceUrl };
}

function otherAccountThanRecorded(recorded: RecordedLocation, now: RecordedLocation): string {
  return (
    `the API key reaches account "${now.accountId}" (${now.serviceUrl}), but this provider's state records ` +
    `account "${recorded.accountId}" (${recorded.serviceUrl ?? "its base URL not recorded"}), where every ` +
    "object it manages lives: nothing was recorded, read or changed. If the key or base URL is wrong, give " +
    `those of account "${recorded.accountId}" and run again. To move the stack to account "${now.accountId}" ` +
    `on purpose, set integrations:accountId (the provider's accountId) to "${now.accountId}": its resources are ` +
    'then replaced there (see docs/guides/configuring-and-accounts.md, "Where each object lives").'
  );
}

function notProvenSameService(recordedUrl: string, url: string, accountId: string): string {
  return (
    `the base URL is now ${url}, where the key reaches account "${accountId}" as this provider's state records, ` +
    `but the recorded ${recordedUrl} does not answer this key as that account, so ${url} cannot be told to be ` +
    "the same service (two services may know one project id): nothing was recorded, read or changed. Set the " +
    "base URL back. To move the stack to another service, destroy it with the old settings and run `pulumi " +
    "up` with the new ones."
  );
}

/** A deliberate move, refused when the old state could not delete the old objects: undefined when it can. */
function oldKeyMissing(olds: Props, recorded: RecordedLocation, now: RecordedLocation): string | undefined {
  if (settingsOf(olds).apiKey !== undefined) return undefined;
  const oldUrl = recorded.serviceUrl ?? "its base URL not recorded";
  return (
    `moving this provider from account "${recorded.accountId}" (${oldUrl}) to account "${now.accountId}" ` +
    `(${now.serviceUrl}) would create its resources there and then ` +
    "fail to delete the old ones: the provider's state holds no key of the old account (it came from the " +
    "environment, which is never recorded). Nothing was created or changed. Either destroy the stack with the " +
    "old settings and run `pulumi up` with the new ones, or let the old objects go with `pulumi state delete " +
    "<urn>` for each resource and run `pulumi up`; or give the old key as config (integrations:apiKey, a " +
    "secret) or as the provider's apiKey, run `pulumi up` once, then move."
  );
}

/** The provider input a settings error is about (`integrations:apiKey` -> `apiKey`). */
function settingOf(configKey: string): string {
  return SETTING_KEYS.find((key) => SETTINGS_KEYS[key] === configKey) ?? "";
}

/**
 * DiffConfig. A provider whose recorded account changed (a move asked for with a changed pin, which CheckConfig
 * allows only then) is replaced, and with it every resource it manages: created in the new account and deleted
 * from the old one through the old provider's state. So is one whose base URL moved while no account was
 * recorded (state of an older version), or whose base URL or pin is not known yet (a preview). Another base URL
 * reaching the same account is the same service spelt differently: an update, after which each resource proves
 * its object is found there. Any other change (a rotated key, a timeout) replaces nothing. An account recorded
 * by CheckConfig for the first time (state of an older version) is no change.
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
  const [beforeUrl, afterUrl] = [before.baseUrl ?? fallback, after.baseUrl ?? fallback];
  // Another service, or not known yet; other credentials in one service's URL are a change, not a move.
  const movedUrl = containsUnknown(news.baseUrl) || publicOrNone(beforeUrl) !== publicOrNone(afterUrl);
  const changed = (key: SettingKey) => {
    if (containsUnknown(news[key])) return true;
    if (key === "baseUrl") return movedUrl || normalUrl(beforeUrl) !== normalUrl(afterUrl);
    if (key === "accountId" && before.accountId === undefined) return false;
    return before[key] !== after[key];
  };
  const changes = SETTING_KEYS.filter(changed);
  const bothAccounts = before.accountId !== undefined && after.accountId !== undefined;
  const replaced =
    containsUnknown(news.baseUrl) ||
    containsUnknown(news.accountId) ||
    (bothAccounts ? before.accountId !== after.accountId : movedUrl);
  return { changes, replaces: replaced ? (movedUrl ? ["baseUrl"] : ["accountId"]) : [] };
}

function knownOnly(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => !containsUnknown(value)));
}
function publicOrNone(url: string | undefined): string | undefined {
  return url === undefined ? undefined : publicUrl(url);
}

/** One service, however its URL is written: resolveSettings trims it and drops trailing slashes too. */
function normalUrl(url: string | undefined): string | undefined {
  return url?.trim().replace(/\/+$/, "");
}
