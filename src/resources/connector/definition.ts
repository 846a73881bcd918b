import { authConfigField, booleanField, checkInputs, oneOf, optionalString } from "../shared/input-rules";
import { keptName } from "../shared/autoname";
import type { CheckFailure, CheckResult } from "../shared/types";
import { isUnknown, UNKNOWN } from "../shared/unknowns";

export const DELETION_POLICIES = ["delete", "disable", "retain"] as const;
/** What deleting the resource does remotely: delete the connector, disable it, or leave it as it is. */
export type DeletionPolicy = (typeof DELETION_POLICIES)[number];

/** The inputs of a Connector as a user writes them (plain values; the program side wraps them in Input). */
export interface ConnectorSettings {
  /**
   * Take over this existing connector instead of creating one, on purpose (`pulumi import` cannot work for
   * dynamic resources). Its name, app, scheme and built-in-auth flag must match these inputs; its authConfig
   * and enabled are then set from them, and from then on it is updated and deleted like one this stack
   * created (see deletionPolicy). Only read at create time.
   */
  adoptId?: string;
  /** e.g. "OAUTH2", "API_KEY"; the app's schemes are listed by `GET /api/v1/apps`. Replaces on change. */
  authScheme?: string;
  /**
   * The developer's fields of the scheme (`expected_from_customer: false` in `GET /api/v1/apps`): an OAuth
   * app's client_id, client_secret, scopes (a list), ... An end user's key or token is not given here but
   * in each ConnectedAccount's `data` (an API_KEY or BEARER_TOKEN connector takes none). Secret. Updated
   * in place.
   */
  authConfig?: AuthConfig;
  /** Default true. Updated in place. */
  enabled?: boolean;
  /** Use the service's built-in authentication. Default false. Replaces on change. */
  useServiceAuth?: boolean;
  /**
   * Default true: always create a new connector. With false the server would hand back an existing
   * connector of the app instead of creating one; that is never taken silently, so the create fails
   * naming the app's connectors when it has any (take one over with `adoptId`). Only read at create time.
   */
  forceNewIntegration?: boolean;
  /** Default "delete". Touches nothing remote when changed. */
  deletionPolicy?: DeletionPolicy;
}

/** authConfig keys are free-form, but the service types `scopes` and `user_scopes` as lists of strings. */
export interface AuthConfig {
  /** e.g. `["repo", "read:org"]`; a comma-separated string is rejected by check (and by the service). */
  scopes?: string[];
  user_scopes?: string[];
  [key: string]: unknown;
}

/** The app of the connector: exactly one of its name ("github") or its id. Replaces on change. */
export type AppSelector = { appName: string; appId?: undefined } | { appId: string; appName?: undefined };

/**
 * The connector's name, unique among the account's connectors that are not deleted; changing it replaces
 * the connector. Either fixed (`name`), or left out: the connector is then autonamed
 * `<namePrefix><7 base-36 characters>`, derived from the prefix and the resource's project, stack and
 * logical name (the same in a preview and its update, and in every run while that name is free), chosen
 * at the first create and kept across updates; a replacement takes the next name no live connector holds
 * and is created before the old connector is deleted (a fixed name must be deleted first: names are
 * unique). The `Connector` resource defaults `namePrefix` to `<logical name>-`. See autoname.ts.
 */
export type NameSelector =
  { name: string; namePrefix?: undefined } | { name?: undefined; namePrefix?: string };

export type ConnectorInputs = ConnectorSettings & AppSelector & NameSelector;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export interface CheckedConnectorInputs {
  name: string;
  namePrefix?: string;
  adoptId?: string;
  appName?: string;
  appId?: string;
  authScheme?: string;
  authConfig?: Record<string, unknown>;
  enabled: boolean;
  useServiceAuth: boolean;
  forceNewIntegration: boolean;
  deletionPolicy: DeletionPolicy;
}

/**
 * An input the `Connector` class adds when `name` is left out: `<project>/<stack>/<logical name>`, part of
 * the seed of the autoname (../shared/autoname.ts). check consumes it: it never reaches the checked inputs, so state
 * written before it existed, and state written with it, diff the same.
 */
export const AUTONAME_SCOPE = "autonameScope";

const connectorFields = {
  name: optionalString(),
  namePrefix: optionalString(),
  [AUTONAME_SCOPE]: optionalString(),
  adoptId: optionalString(),
  appName: optionalString(),
  appId: optionalString(),
  authScheme: optionalString(),
  authConfig: authConfigField(),
  enabled: booleanField().default(true),
  useServiceAuth: booleanField().default(false),
  forceNewIntegration: booleanField().default(true),
  deletionPolicy: oneOf(DELETION_POLICIES).default("delete"),
};

/**
 * What check decided. With `freshName`, the name must be a fresh autoname, derived from that seed on the
 * resource's account (../shared/autoname.ts), and the inputs have no name yet. Otherwise the name is fixed, kept from
 * the old inputs or not known yet (UNKNOWN), or there are failures.
 */
export type ConnectorCheck =
  | (CheckResult<CheckedConnectorInputs> & { freshName?: undefined })
  | { inputs: Omit<CheckedConnectorInputs, "name">; failures: []; freshName: AutonameSeed };

export interface AutonameSeed {
  namePrefix: string;
  scope?: string;
}

/**
 * authScheme is not checked against the known schemes: the list is open (the API grows), so an unknown
 * value is left for the server to judge rather than rejected offline. No request is made: a fresh
 * autoname is left to the caller (`freshName`), which needs the account's live names.
 */
export function checkConnectorInputs(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): ConnectorCheck {
  const checked = checkInputs<UncheckedName>(connectorFields, news, (inputs) => [
    ...exactlyOneApp(inputs),
    ...oneWayToName(inputs),
    ...namesAsStored(inputs),
    ...scopesAreLists(inputs),
  ]);
  if (checked.failures.length > 0) return checked as CheckResult<CheckedConnectorInputs>;
  const { [AUTONAME_SCOPE]: scope, name, ...inputs } = checked.inputs;
  if (name !== undefined) return { inputs: { ...inputs, name }, failures: [] };
  // oneWayToName has made sure that a connector without a name has a prefix.
  const namePrefix = inputs.namePrefix!;
  // A prefix or scope not known yet (a preview): the name is not known either.
  if (isUnknown(namePrefix) || isUnknown(scope))
    return { inputs: { ...inputs, name: UNKNOWN }, failures: [] };
  const kept = keptName(namePrefix, olds);
  if (kept !== undefined) return { inputs: { ...inputs, name: kept }, failures: [] };
  return { inputs, failures: [], freshName: { namePrefix, scope } };
}

/** The inputs as the field rules leave them: the name may still be unset, the scope not yet consumed. */
type UncheckedName = Omit<CheckedConnectorInputs, "name"> & { name?: string; [AUTONAME_SCOPE]?: string };

function oneWayToName(inputs: Record<string, unknown>): CheckFailure[] {
  if (inputs.name !== undefined && inputs.namePrefix !== undefined) {
    return [{ property: "namePrefix", reason: "give name or namePrefix, not both" }];
  }
  if (inputs.name === undefined && inputs.adoptId !== undefined) {
    return [{ property: "name", reason: "is required with adoptId: the adopted connector's name" }];
  }
  if (inputs.name === undefined && inputs.namePrefix === undefined) {
    return [
      { property: "name", reason: 'is required unless namePrefix is given (e.g. name: "github-main")' },
    ];
  }
  return [];
}

/**
 * The service trims a connector's name before storing it (issue 19), so a name with spaces around it would
 * make a connector whose name is not the one asked for: the create then takes it for another connector and
 * fails, and the one it made is in no state (stranded). Refused here, before any request, rather than
 * trimmed silently: the program then says what the connector is really called, and state, program and
 * service agree. A prefix is only trimmed at its start (the autoname's suffix follows its end).
 */
function namesAsStored(inputs: Record<string, unknown>): CheckFailure[] {
  const { name, namePrefix } = inputs;
  const failures: CheckFailure[] = [];
  if (typeof name === "string" && !isUnknown(name) && name !== name.trim()) {
    failures.push({ property: "name", reason: spacesReason("start or end", name.trim()) });
  }
  if (typeof namePrefix === "string" && !isUnknown(namePrefix) && namePrefix !== namePrefix.trimStart()) {
    failures.push({ property: "namePrefix", reason: spacesReason("start", namePrefix.trimStart()) });
  }
  return failures;
}

function spacesReason(where: string, trimmed: string): string {
  const instead = trimmed === "" ? "give one with other characters" : `write "${trimmed}"`;
  return (
    `must not ${where} with spaces: the service trims connector names, so the connector would not be ` +
    `named as written; ${instead}`
  );
}

const SCOPE_KEYS = ["scopes", "user_scopes"] as const;

/**
 * The service's AuthConfigDTO types `scopes` and `user_scopes` as lists of strings and answers a string
 * with a 400: said here first, before any request. The reason never shows the value (authConfig is secret).
 */
function scopesAreLists(inputs: Record<string, unknown>): CheckFailure[] {
  const config = inputs.authConfig;
  if (typeof config !== "object" || config === null || Array.isArray(config)) return [];
  return SCOPE_KEYS.flatMap((key) => {
    const value = (config as Record<string, unknown>)[key];
    if (value === undefined || value === null || isUnknown(value)) return [];
    const isList = Array.isArray(value) && value.every((item) => typeof item === "string" || isUnknown(item));
    if (isList) return [];
    return [
      {
        property: `authConfig.${key}`,
        reason: 'must be a list of strings, e.g. ["repo", "read:org"] (not a comma-separated string)',
      },
    ];
  });
}

function exactlyOneApp(inputs: Record<string, unknown>): CheckFailure[] {
  const hasName = inputs.appName !== undefined;
  const hasId = inputs.appId !== undefined;
  // An unknown may turn out unset: the rule is checked again once values are known.
  if (hasName && hasId && !isUnknown(inputs.appName) && !isUnknown(inputs.appId)) {
    return [{ property: "appId", reason: "give exactly one of appName and appId, not both" }];
  }
  if (!hasName && !hasId) {
    return [{ property: "appName", reason: 'is required unless appId is given (e.g. appName: "github")' }];
  }
  return [];
}
