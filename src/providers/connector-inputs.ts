import {
  authConfigField,
  booleanField,
  checkInputs,
  oneOf,
  optionalString,
  requiredString,
} from "./input-rules";
import type { CheckFailure, CheckResult } from "./types";
import { isUnknown } from "./unknowns";

export const DELETION_POLICIES = ["delete", "disable", "retain"] as const;
/** What deleting the resource does remotely: delete the connector, disable it, or leave it as it is. */
export type DeletionPolicy = (typeof DELETION_POLICIES)[number];

/** The inputs of a Connector as a user writes them (plain values; the program side wraps them in Input). */
export interface ConnectorSettings {
  /** Unique among the account's connectors that are not deleted. Changing it replaces the connector. */
  name: string;
  /** e.g. "OAUTH2", "API_KEY"; the app's schemes are listed by `GET /api/v1/apps`. Replaces on change. */
  authScheme?: string;
  /** Free-form keys (client_id, client_secret, scopes, ...). Secret. Updated in place. */
  authConfig?: AuthConfig;
  /** Default true. Updated in place. */
  enabled?: boolean;
  /** Use the service's built-in authentication. Default false. Replaces on change. */
  useServiceAuth?: boolean;
  /**
   * Default true: always create a new connector. false lets the server hand back an existing connector of
   * the same app (a way to take one over). Only read at create time.
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

export type ConnectorInputs = ConnectorSettings & AppSelector;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export interface CheckedConnectorInputs {
  name: string;
  appName?: string;
  appId?: string;
  authScheme?: string;
  authConfig?: Record<string, unknown>;
  enabled: boolean;
  useServiceAuth: boolean;
  forceNewIntegration: boolean;
  deletionPolicy: DeletionPolicy;
}

const connectorFields = {
  name: requiredString(),
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
 * authScheme is not checked against the known schemes: the list is open (the API grows), so an unknown
 * value is left for the server to judge rather than rejected offline.
 */
export function checkConnectorInputs(news: Record<string, unknown>): CheckResult<CheckedConnectorInputs> {
  return checkInputs<CheckedConnectorInputs>(connectorFields, news, (inputs) => [
    ...exactlyOneApp(inputs),
    ...scopesAreLists(inputs),
  ]);
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
        property: "authConfig",
        reason:
          `authConfig.${key} must be a list of strings, e.g. ["repo", "read:org"] ` +
          "(not a comma-separated string)",
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
