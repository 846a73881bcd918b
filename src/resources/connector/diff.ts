import { sameAppName } from "../../client/app-name";
import type { AppliedIdentity, CheckedConnectorInputs, ConnectorOutputs } from "./definition";
import { anyChange, compare, replacingFields, type Comparison } from "../shared/diff-rules";
import { ProviderError } from "../shared/errors";
import type { DiffResult } from "../shared/types";
import { isUnknown } from "../shared/unknowns";

/**
 * Compares new inputs with the last applied ones (never with the server's redacted echo, so a secret
 * never causes a perpetual diff). `enabled` and `authConfig` are compared with the outputs, which a
 * refresh updates: drift found by a refresh is corrected by the next update. No request is made.
 */
export function diffConnector(olds: ConnectorOutputs, news: CheckedConnectorInputs): DiffResult {
  // State without lastApplied (written by hand, or by a future version that drops it): the record's own
  // fields carry the same names and are the best remaining guess.
  const applied: AppliedIdentity = olds.lastApplied ?? olds;
  const replaceFields: Record<string, Comparison> = {
    name: compareName(olds, applied, news),
    ...compareApp(olds, applied, news),
    authScheme: compare(applied.authScheme, news.authScheme),
    useServiceAuth: compare(applied.useServiceAuth, news.useServiceAuth),
  };
  const updateFields = {
    enabled: compare(olds.enabled, news.enabled),
    authConfig: compare(olds.authConfig, news.authConfig),
  };
  const recordedFields = {
    forceNewIntegration: compare(olds.forceNewIntegration, news.forceNewIntegration),
    deletionPolicy: compare(olds.deletionPolicy, news.deletionPolicy),
    namePrefix: compare(olds.namePrefix, news.namePrefix),
    adoptId: compare(olds.adoptId, news.adoptId),
  };
  const replaces = replacingFields(replaceFields);
  const keepsFixedName = replaceFields.name === "same" && news.namePrefix === undefined;
  if (keepsFixedName && replaces.some((field) => replaceFields[field] === "changed")) {
    refuseReplacementThatKeepsOld(olds, news, replaces);
  }
  return {
    changes: anyChange(replaceFields, updateFields, recordedFields),
    replaces,
    // Names are unique among live connectors: a replacement that keeps a fixed name would get a 409 if the
    // new connector were created before the old one is deleted. The engine takes this answer for every
    // replacement it derives from a diff, unless the resource option overrides it, so it is given even
    // when nothing is replaced. A targeted replacement (`up --replace`) is never diffed and creates first:
    // there the create's 409 says to set the option. An autonamed connector's replacement gets a fresh
    // name (see autoname.ts) and can go create-before-delete, with no downtime.
    deleteBeforeReplace: keepsFixedName,
  };
}

/**
 * A same-name replacement deletes the old connector first, with the old state's deletionPolicy (Delete
 * gets the old outputs). "retain" or "disable" would keep it holding the name, the create would get a 409,
 * and the stack would hold neither: refuse it here, in the diff, before any request.
 */
function refuseReplacementThatKeepsOld(
  olds: ConnectorOutputs,
  news: CheckedConnectorInputs,
  replaces: string[],
): void {
  const policy = olds.deletionPolicy ?? "delete";
  if (policy === "delete") return;
  throw new ProviderError(
    `Connector "${news.name}" would be replaced by a new one of the same name (${replaces.join(", ")} ` +
      `changed), but its deletionPolicy "${policy}" keeps the old connector, which holds the name, so the ` +
      "new one could not be created. Give it another name (or leave name unset to autoname it), or first " +
      'run `pulumi up` with only deletionPolicy: "delete" changed, then make this change.',
  );
}

/**
 * A name the program gives is compared with the one applied. An autoname (no name, a prefix) is the same while
 * the prefix is: the create chose it from the prefix, and it lives in the outputs only (../shared/autoname.ts).
 * A prefix given where a name was, or another prefix, is a new name: the replacement gets its own autoname.
 */
function compareName(
  olds: ConnectorOutputs,
  applied: AppliedIdentity,
  news: CheckedConnectorInputs,
): Comparison {
  if (news.name !== undefined) return compare(applied.name, news.name);
  // check has made sure that a connector without a name has a prefix.
  if (news.namePrefix === undefined) return "changed";
  if (isUnknown(news.namePrefix)) return "unknown";
  const samePrefix = olds.namePrefix === news.namePrefix && applied.name.startsWith(news.namePrefix);
  return samePrefix ? "same" : "changed";
}

/**
 * The app is the same when the new selector names the app the connector belongs to, whichever way it was
 * named before (switching from appName to the same app's appId is not a replacement). App names are
 * compared without regard to case, as the service resolves them ("GitHub" is the app "github").
 */
function compareApp(
  olds: ConnectorOutputs,
  applied: AppliedIdentity,
  news: CheckedConnectorInputs,
): Record<string, Comparison> {
  if (news.appId !== undefined) {
    if (isUnknown(news.appId)) return { appId: "unknown" };
    return { appId: news.appId === applied.appId || news.appId === olds.appId ? "same" : "changed" };
  }
  if (news.appName !== undefined && isUnknown(news.appName)) return { appName: "unknown" };
  const same = sameAppName(news.appName, applied.appName) || sameAppName(news.appName, olds.appName);
  return { appName: same ? "same" : "changed" };
}
