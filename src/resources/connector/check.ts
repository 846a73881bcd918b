import { checkInputs } from "../shared/input-rules";
import type { CheckFailure, CheckResult } from "../shared/types";
import { isUnknown } from "../shared/unknowns";
import { connectorDefinition, type CheckedConnectorInputs } from "./definition";

/**
 * authScheme is not checked against the known schemes: the list is open (the API grows), so an unknown
 * value is left for the server to judge rather than rejected offline. No request is made. A connector
 * without a name keeps its prefix and scope, from which its create derives the name (../shared/autoname.ts);
 * the name it got is in its outputs, never in its inputs, so nothing of an earlier check's old inputs is kept.
 */
export function checkConnectorInputs(news: Record<string, unknown>): CheckResult<CheckedConnectorInputs> {
  return checkInputs<CheckedConnectorInputs>(connectorDefinition.inputs, news, (inputs) => [
    ...exactlyOneApp(inputs),
    ...oneWayToName(inputs),
    ...namesAsStored(inputs),
    ...scopesAreLists(inputs),
  ]);
}

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
 * The service trims a connector's name before storing it, so a name with spaces around it would
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
