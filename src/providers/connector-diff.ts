import type { CheckedConnectorInputs } from "./connector-inputs";
import type { AppliedIdentity, ConnectorOutputs } from "./connector-outputs";
import { anyChange, compare, replacingFields, type Comparison } from "./diff-rules";
import type { DiffResult } from "./types";
import { isUnknown } from "./unknowns";

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
    name: compare(applied.name, news.name),
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
  };
  const replaces = replacingFields(replaceFields);
  return {
    changes: anyChange(replaceFields, updateFields, recordedFields),
    replaces,
    // Names are unique among live connectors: a replacement that keeps the name would get a 409 if the
    // new connector were created before the old one is deleted, so ask for delete-before-replace then.
    // A new name can go create-before-delete (no downtime).
    deleteBeforeReplace: replaces.length > 0 && replaceFields.name === "same",
  };
}

/**
 * The app is the same when the new selector names the app the connector belongs to, whichever way it was
 * named before (switching from appName to the same app's appId is not a replacement).
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
  return { appName: news.appName === applied.appName || news.appName === olds.appName ? "same" : "changed" };
}
