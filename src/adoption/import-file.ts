import type { App, IntegrationSummary } from "../client";
import { tokenOf } from "../plugin/resources";
import { connectedAccountDefinition } from "../resources/connected-account/definition";
import { connectorDefinition } from "../resources/connector/definition";
import { integrationStateDefinition } from "../resources/integration-state/definition";
import { triggerInstanceDefinition } from "../resources/trigger-instance/definition";
import { triggerWebhookDefinition } from "../resources/trigger-webhook/definition";
import type { AccountContents } from "./account-contents";
import { NameBook, type EntryNames } from "./logical-names";

/** The resource types of the plugin an import file names. */
export const IMPORT_TYPES = {
  connector: tokenOf(connectorDefinition),
  integrationState: tokenOf(integrationStateDefinition),
  connectedAccount: tokenOf(connectedAccountDefinition),
  triggerInstance: tokenOf(triggerInstanceDefinition),
  triggerWebhook: tokenOf(triggerWebhookDefinition),
} as const;

/** The id of an account's one callback URL, as TriggerWebhook imports it. */
const CALLBACK_URL_ID = "callback-url";

/** One entry of Pulumi's bulk import file (`pulumi import --file`): it uses the stack's default provider. */
export interface ImportEntry extends EntryNames {
  type: string;
  id: string;
}

export interface ImportFile {
  resources: ImportEntry[];
}

/** An input the service never shows, which the program gives from a secret of the stack config. */
export interface UnreadableSecret {
  /** The entry's variable in the generated program. */
  resource: string;
  /** `authConfig` (a connector's, or an integration state's) or `data` (a connected account's). */
  input: "authConfig" | "data";
  /** The field of that input (from the app's auth scheme in the catalog). */
  field: string;
  /** A config key of the stack's project to hold it (`pulumi config set --secret <key>`). */
  configKey: string;
}

export interface AdoptionPlan {
  accountId: string;
  file: ImportFile;
  secrets: UnreadableSecret[];
  /** Objects that cannot be imported, each with the reason. */
  leftOut: string[];
}

export interface AdoptionOptions {
  /**
   * Connectors (by name or id) the stack should manage without owning, imported as IntegrationState: a destroy
   * then leaves them. `"all"` for every connector.
   */
  stateOnly?: readonly string[] | "all";
  /**
   * Ids of objects a stack manages already (`managedIds` of its `pulumi stack export`): left out, so that an
   * adoption never gives one object a second owner.
   */
  managed?: ReadonlySet<string>;
  /**
   * The logical names: the variables' (`githubBot`, the default), or the objects' own names (`github-bot`).
   * Both come from the object's name; the variable's form is the default because a generator that names each
   * resource after its variable and drops the import file's `logicalName` (pulumi-java's, v1.16) would
   * otherwise write a program of other URNs than those imported, whose first `up` creates them anew.
   */
  logicalNames?: "objects" | "variables";
}

/**
 * The import file for everything the account holds: every connector (as a Connector, or as an IntegrationState
 * where `stateOnly` says), connected account and trigger instance, and its callback URL (a TriggerWebhook).
 * Logical names come from the objects' names (in the variables' form unless `logicalNames` says otherwise);
 * ids the generated code meets again (an account's connector, an instance's account) become references to the imported resource, as `pulumi import` does for any id of the file.
 * It holds no secret: the service shows none, and the plan names those the program must give.
 */
export function planAdoption(contents: AccountContents, options: AdoptionOptions = {}): AdoptionPlan {
  const stateOnly = stateOnlySelection(contents.connectors, options.stateOnly);
  const names = new NameBook();
  const entries: ImportEntry[] = [];
  const secrets: UnreadableSecret[] = [];
  const leftOut: string[] = [];
  const managed = options.managed ?? new Set<string>();
  const connectors = new Map(contents.connectors.map((connector) => [connector.id, connector]));
  // A connector names its app by the catalog's key or name.
  const apps = new Map(contents.apps.flatMap((app) => [[app.name, app] as const, [app.key, app] as const]));

  for (const connector of contents.connectors.filter((c) => !managed.has(c.id))) {
    const kind = stateOnly.has(connector.id) ? "integrationState" : "connector";
    const entry = { type: IMPORT_TYPES[kind], ...names.take(connector.name, kind), id: connector.id };
    entries.push(entry);
    const fields = schemeFields(apps, connector).filter((field) => !field.fromEachUser && field.secret);
    secrets.push(...fields.map((field) => secretOf(entry.name, "authConfig", field.name)));
  }

  // A trigger instance is named after its account's connector, imported or not.
  const accountNames = new Map<string, string>();
  for (const account of contents.connectedAccounts) {
    const connector = connectors.get(account.integrationId ?? "");
    if (connector !== undefined) accountNames.set(account.id, connector.name);
  }
  for (const account of contents.connectedAccounts.filter((a) => !managed.has(a.id))) {
    if (account.integrationId === undefined) {
      leftOut.push(`connected account ${account.id}: the service does not say which connector it belongs to`);
      continue;
    }
    const connector = connectors.get(account.integrationId);
    const wanted = `${connector?.name ?? "account"}-${account.entityId ?? "account"}`;
    const entry = { type: IMPORT_TYPES.connectedAccount, ...names.take(wanted, "account"), id: account.id };
    entries.push(entry);
    const fields = connector ? schemeFields(apps, connector).filter((field) => field.fromEachUser) : [];
    secrets.push(...fields.filter((f) => f.secret).map((field) => secretOf(entry.name, "data", field.name)));
  }

  for (const instance of contents.triggerInstances.filter((i) => !managed.has(i.id))) {
    const wanted = `${accountNames.get(instance.connectionId) ?? "trigger"}-${kebab(instance.triggerName)}`;
    entries.push({ type: IMPORT_TYPES.triggerInstance, ...names.take(wanted, "trigger"), id: instance.id });
  }

  if (contents.callbackUrl !== undefined && !managed.has(CALLBACK_URL_ID)) {
    entries.push({
      type: IMPORT_TYPES.triggerWebhook,
      ...names.take("callback-url", "webhook"),
      id: CALLBACK_URL_ID,
    });
  }
  const resources =
    options.logicalNames === "objects"
      ? entries
      : entries.map((entry) => ({ ...entry, logicalName: entry.name }));
  return { accountId: contents.accountId, file: { resources }, secrets, leftOut };
}

/** The selected connectors' ids; a name or id that matches none is refused, naming it. */
function stateOnlySelection(connectors: IntegrationSummary[], selection: AdoptionOptions["stateOnly"]) {
  if (selection === "all") return new Set(connectors.map((connector) => connector.id));
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const wanted of selection ?? []) {
    const matches = connectors.filter((c) => c.id === wanted || c.name === wanted);
    if (matches.length === 0) unknown.push(wanted);
    for (const match of matches) chosen.add(match.id);
  }
  if (unknown.length > 0) {
    throw new AdoptionError(
      `--state-only: no connector of this account is named or has the id ${unknown.map((u) => `"${u}"`).join(", ")}`,
    );
  }
  return chosen;
}

interface SchemeField {
  name: string;
  secret: boolean;
  /** Given by each end user in a connected account's `data`, not in the connector's `authConfig`. */
  fromEachUser: boolean;
}

/** The fields of the connector's auth scheme, as the app catalog lists them (none for an app it does not know). */
function schemeFields(apps: ReadonlyMap<string, App>, connector: IntegrationSummary): SchemeField[] {
  const app = apps.get(connector.appName);
  const scheme = app?.auth_schemes?.find((candidate) => candidate.auth_mode === connector.authScheme);
  return (scheme?.fields ?? []).map((field) => ({
    name: field.name,
    secret: field.is_secret === true,
    fromEachUser: field.expected_from_customer === true,
  }));
}

function secretOf(resource: string, input: "authConfig" | "data", field: string): UnreadableSecret {
  const words = field.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const suffix = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  return { resource, input, field, configKey: `${resource}${suffix}` };
}

function kebab(triggerName: string): string {
  return triggerName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A refusal of integrations-import, one line naming what to change. */
export class AdoptionError extends Error {}
