import { sameAppName } from "../../client/app-name";
import type { ApiClient, App, ConnectorRecord } from "../../client";
import { Remembered } from "../../client/remembered";
import { getUnlessGone } from "../shared/gone";
import type { CheckFailure } from "../shared/types";
import { isUnknown } from "../shared/unknowns";

/**
 * What an IntegrationState's `authConfig` may do to an integration it does not own. The service's PATCH
 * replaces `authConfig` as a whole and never shows secret values back: a PATCH of only the stack's keys
 * would erase every other key, and a secret one could never be put back.
 *
 * - `mergedAuthConfig`: the visible keys the stack did not set are sent along with its own.
 * - `failures` (check): an `authConfig` that leaves out a secret field the integration's scheme lists for
 *   the developer (`expected_from_customer: false`, `is_secret: true`, e.g. an OAuth `client_secret`) is
 *   refused, naming it, before anything is sent. Per-account fields (an end user's `api_key`) are not the
 *   connector's and never checked here.
 *
 * Check reads the integration and the app list once per integration (and the apps once per account) per
 * provider process; an id, an account or an authConfig not known yet at preview passes, and `up` checks
 * again.
 */
export class IntegrationAuthRules {
  readonly #secretFields = new Remembered<string[]>();
  readonly #apps = new Remembered<App[]>();

  async failures(client: ApiClient, integrationId: string, authConfig: unknown): Promise<CheckFailure[]> {
    if (isUnknown(integrationId) || authConfig === undefined || isUnknown(authConfig)) return [];
    const given = authConfig as Record<string, unknown>;
    const missing = (await this.#secretFieldsOf(client, integrationId)).filter(
      (name) => given[name] === undefined || given[name] === null,
    );
    return missing.map((name) => ({
      property: `authConfig.${name}`,
      reason:
        `is required: integration ${integrationId}'s auth scheme lists it as a secret, and a PATCH replaces ` +
        "authConfig as a whole while the service never shows a secret back, so leaving it out would erase it " +
        "for good; give it (a secret: config.requireSecret(...))",
    }));
  }

  #secretFieldsOf(client: ApiClient, integrationId: string): Promise<string[]> {
    return this.#secretFields.get(`${client.identity} ${integrationId}`, async () => {
      const record = await getUnlessGone(client, integrationId);
      // A gone integration is create's to report.
      return record
        ? secretDeveloperFields(record, await this.#apps.get(client.identity, () => client.listApps()))
        : [];
    });
  }
}

/** The developer's secret fields of the integration's scheme; none with the service's own auth. */
function secretDeveloperFields(record: ConnectorRecord, apps: App[]): string[] {
  if (record.useServiceAuth) return [];
  const app = apps.find((candidate) => sameAppName(candidate.key, record.appName));
  const scheme = app?.auth_schemes?.find((candidate) => candidate.auth_mode === record.authScheme);
  return (scheme?.fields ?? [])
    .filter((field) => field.expected_from_customer === false && field.is_secret === true)
    .map((field) => field.name);
}

/**
 * The authConfig to send: the integration's visible keys (the service leaves secrets out) with the stack's
 * own keys over them, so that a PATCH, which replaces authConfig as a whole, erases nothing it did not set.
 */
export function mergedAuthConfig(
  visible: Record<string, unknown> | undefined,
  own: Record<string, unknown>,
): Record<string, unknown> {
  return { ...(visible ?? {}), ...own };
}
