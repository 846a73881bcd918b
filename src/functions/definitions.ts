import { z } from "zod";
import { collect, type ApiClient, type ConnectedAccount } from "../client";
import { expectedInputField } from "../resources/connector/definition";
import { metaOf, property } from "../resources/shared/definition";
import { findConnector, validLookup } from "./find-connector";

/**
 * What each data function is, said once: its arguments and its result as zod shapes, each property
 * documented by the doc comment on its key (as the resources' definitions are), and the query it makes. The
 * program-facing functions (get-*.ts) take their argument types from here; the provider plugin serves each as
 * an invoke (`integrations:index:<name>`) and its schema derives from these shapes. Nothing here loads the
 * Pulumi runtime. A result is the client's answer; the plugin keeps only the documented keys.
 */
export interface FunctionDefinition<Args extends z.ZodRawShape, Result extends z.ZodRawShape> {
  name: string;
  description: string;
  args: Args;
  result: Result;
  /** The requests: the answer for these (checked) arguments, from this client. */
  query(client: ApiClient, args: z.output<z.ZodObject<Args>>): Promise<unknown>;
}

const anyObject = z.record(z.string(), z.unknown());
const stringList = z.array(z.string());

const getTriggersArgs = {
  /** App names (the `name` of GET /api/v1/apps), e.g. ["github", "slack"]. */
  appNames: stringList.optional(),
  /** Triggers that can be set up for these connected accounts. */
  connectedAccountIds: stringList.optional(),
  /** Trigger names, e.g. ["GITHUB_STAR_ADDED_EVENT"]. */
  triggerIds: stringList.optional(),
  /** Triggers of the apps of these integrations (connectors). */
  integrationIds: stringList.optional(),
  /**
   * Only the enabled triggers.
   * @deprecated The API deprecates it and will remove it: filter the result on `enabled` instead.
   */
  showEnabledOnly: property(z.boolean().optional(), {
    deprecationMessage: "The API deprecates it and will remove it: filter the result on `enabled` instead.",
  }),
};

const trigger = z.object({
  /** The trigger's name, e.g. "GITHUB_STAR_ADDED_EVENT": a TriggerInstance's `triggerName`. */
  name: z.string(),
  /** The label to show (the name when the service gives none). */
  display_name: z.string(),
  appId: z.string(),
  appKey: z.string(),
  appName: z.string(),
  description: z.string().optional(),
  /** The JSON schema a TriggerInstance's `triggerConfig` must follow. */
  config: anyObject.optional(),
  /** The JSON schema of the events it sends. */
  payload: anyObject.optional(),
  instructions: z.string().optional(),
  type: z.string().optional(),
  enabled: z.boolean().optional(),
  count: z.number().optional(),
  logo: z.string().optional(),
});

export const getTriggersDefinition = {
  name: "getTriggers",
  description:
    "The triggers available for the given apps, accounts, trigger names or integrations (filters AND together).",
  args: getTriggersArgs,
  result: {
    /** The matching triggers. */
    triggers: z.array(trigger),
  },
  query: async (client, args) => ({ triggers: await client.listTriggers(args) }),
} satisfies FunctionDefinition<typeof getTriggersArgs, { triggers: z.ZodArray<typeof trigger> }>;

const getConnectorArgs = {
  /** The connector's id: exactly one of id and name. */
  id: z.string().optional(),
  /** The connector's exact name (unique among the account's live connectors): exactly one of id and name. */
  name: z.string().optional(),
};

const connectorRecord = {
  id: z.string(),
  name: z.string(),
  appId: z.string(),
  appName: z.string(),
  authScheme: z.string().optional(),
  /** The visible settings only: a possibly secret value is left out even when a server sends it. */
  authConfig: anyObject,
  enabled: z.boolean(),
  useServiceAuth: z.boolean().optional(),
  /** The fields each ConnectedAccount of it gives in `data`. */
  expectedInputFields: z.array(expectedInputField),
  logo: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  deleted: z.boolean().optional(),
  defaultConnectorId: z.string().optional(),
};

export const getConnectorDefinition = {
  name: "getConnector",
  description:
    "One live connector, by `id` or by its exact `name`. Fails when there is none (a deleted connector counts as none).",
  args: getConnectorArgs,
  result: connectorRecord,
  query: (client, args) => findConnector(client, validLookup(args)),
} satisfies FunctionDefinition<typeof getConnectorArgs, typeof connectorRecord>;

const authScheme = z.object({
  /** The `authScheme` value, e.g. "OAUTH2", "API_KEY". */
  auth_mode: z.string(),
  name: z.string().optional(),
  /** `expected_from_customer: false`: a connector's `authConfig`; `true`: each account's `data`. */
  fields: z.array(expectedInputField),
});

const app = z.object({
  /** The app's key. */
  key: z.string(),
  /** The app's name: a Connector's `appName`. */
  name: z.string(),
  appId: z.string().optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  logo: z.string().optional(),
  categories: stringList.optional(),
  /** The auth schemes the app supports. */
  auth_schemes: z.array(authScheme).optional(),
  enabled: z.boolean().optional(),
});

export const getAppsDefinition = {
  name: "getApps",
  description: "Every app of the catalog (`GET /api/v1/apps`), e.g. to pick an `appName` or an auth scheme.",
  args: {},
  result: {
    /** The catalog's apps. */
    apps: z.array(app),
  },
  query: async (client) => ({ apps: await client.listApps() }),
} satisfies FunctionDefinition<Record<string, never>, { apps: z.ZodArray<typeof app> }>;

const getConnectedAccountsArgs = {
  /** Only the accounts made from this connector (integration). */
  integrationId: z.string().optional(),
  /** Stop after this many accounts (default: all pages). */
  maxItems: z.number().int().optional(),
};

/** A connected account without its credentials: what a program may read, log and export. */
const accountInfo = z.object({
  id: z.string(),
  integrationId: z.string().optional(),
  appId: z.string().optional(),
  appName: z.string().optional(),
  /** `INITIATED`, `ACTIVE` or `FAILED`. */
  status: z.string().optional(),
  entityId: z.string().optional(),
  labels: stringList.optional(),
  enabled: z.boolean().optional(),
  isDisabled: z.boolean().optional(),
  appUniqueId: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});

export const getConnectedAccountsDefinition = {
  name: "getConnectedAccounts",
  description:
    "The connected accounts of the account (tenant), or of one connector: every page (or the first `maxItems`). " +
    "Credentials are never part of the result.",
  args: getConnectedAccountsArgs,
  result: {
    /** The accounts, without credentials. */
    accounts: z.array(accountInfo),
  },
  query: async (client, args) => ({
    accounts: (await collect(client.listConnectedAccounts(args))).map(withoutCredentials),
  }),
} satisfies FunctionDefinition<typeof getConnectedAccountsArgs, { accounts: z.ZodArray<typeof accountInfo> }>;

const getActiveTriggersArgs = {
  connectedAccountIds: stringList.optional(),
  integrationIds: stringList.optional(),
  /** Trigger instance ids. */
  triggerIds: stringList.optional(),
  /** Trigger names, e.g. ["GITHUB_STAR_ADDED_EVENT"]. */
  triggerNames: stringList.optional(),
  /** Include disabled instances. */
  showDisabled: z.boolean().optional(),
  /** Items per request, 1..100 (default 100). */
  limit: z.number().int().optional(),
  /** Stop after this many instances (default: all pages). */
  maxItems: z.number().int().optional(),
};

const activeTrigger = z.object({
  /** The instance's id: a TriggerInstance's id. */
  id: z.string(),
  connectionId: z.string(),
  triggerName: z.string(),
  triggerConfig: anyObject,
  triggerData: z.string().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  disabledAt: z.string().nullable().optional(),
  state: anyObject.optional(),
  disabledReason: z.string().nullable().optional(),
});

export const getActiveTriggersDefinition = {
  name: "getActiveTriggers",
  description: "The active trigger instances matching the filters, every page (or the first `maxItems`).",
  args: getActiveTriggersArgs,
  result: {
    /** The matching instances. */
    triggers: z.array(activeTrigger),
  },
  query: async (client, args) => ({ triggers: await collect(client.activeTriggers(args)) }),
} satisfies FunctionDefinition<typeof getActiveTriggersArgs, { triggers: z.ZodArray<typeof activeTrigger> }>;

const getTriggerLogsArgs = {
  connectionId: z.string().optional(),
  integrationId: z.string().optional(),
  /** Items per request, 1..100 (default 100). */
  limit: z.number().int().optional(),
  /** Stop after this many entries (default: all pages). Entries come newest first. */
  maxItems: z.number().int().optional(),
};

const triggerLog = z.object({
  id: z.string(),
  connectionId: z.string(),
  appKey: z.string(),
  createdAt: z.string(),
  clientId: z.string().optional(),
  triggerName: z.string().nullable().optional(),
  triggerType: z.string().optional(),
  errorTrigger: z.unknown().optional(),
  triggerClientError: z.unknown().optional(),
  triggerClientPayload: z.unknown().optional(),
  triggerProviderPayload: z.unknown().optional(),
});

export const getTriggerLogsDefinition = {
  name: "getTriggerLogs",
  description:
    "Trigger log entries (newest first) for a connection and/or integration, every page (or the first `maxItems`).",
  args: getTriggerLogsArgs,
  result: {
    /** The entries, newest first. */
    logs: z.array(triggerLog),
  },
  query: async (client, args) => ({ logs: await collect(client.triggerLogs(args)) }),
} satisfies FunctionDefinition<typeof getTriggerLogsArgs, { logs: z.ZodArray<typeof triggerLog> }>;

/**
 * Drops what a server may send of an account's credentials: `data` (the connection's input fields),
 * `connectionParams` (tokens, in the real service's full answer) and `authConfig` (the connector's, which
 * the published document puts on list items). A data function's result lands in program outputs and
 * logs in plain text, and the server's redaction of secret fields is not something to rely on.
 */
function withoutCredentials(account: ConnectedAccount) {
  const { data: _data, connectionParams: _connectionParams, authConfig: _authConfig, ...rest } = account;
  return rest;
}

/** A connected account without its credentials: what a program may read, log and export. */
export type ConnectedAccountInfo = ReturnType<typeof withoutCredentials>;

/** The warning a use of a deprecated argument gives (its `deprecationMessage` says why). */
export function deprecationWarning(definition: { name: string; args: z.ZodRawShape }, arg: string): string {
  const why = metaOf(definition.args[arg] as z.ZodType)?.deprecationMessage ?? "It is deprecated.";
  return `${definition.name}: \`${arg}\` is deprecated. ${why}`;
}

/** The arguments of a function as a program gives them (plain values). */
export type ArgsOf<D extends { args: z.ZodRawShape }> = z.input<z.ZodObject<D["args"]>>;
