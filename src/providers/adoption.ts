import type { ConnectorRecord } from "../client";
import type { CheckedConnectorInputs } from "./connector-inputs";
import { deepEqual } from "./values";

/**
 * Whether a live connector that already holds the name is this resource's own, left by an earlier create
 * whose result never reached state (the provider process died, the engine was interrupted, the response
 * was lost after the server acted). Names are unique per account, and everything the server shows must
 * match the inputs: the app, the scheme, the built-in-auth flag and every visible authConfig value.
 * Secret values cannot be compared (they are never shown), so an adopted connector gets its authConfig
 * set again. A connector that differs in anything visible belongs to someone else: it is never taken.
 */
export function isInterruptedCreateOf(record: ConnectorRecord, inputs: CheckedConnectorInputs): boolean {
  if (record.deleted === true || record.name !== inputs.name) return false;
  const sameApp =
    inputs.appId !== undefined ? record.appId === inputs.appId : record.appName === inputs.appName;
  const sameScheme = inputs.authScheme === undefined || record.authScheme === inputs.authScheme;
  const visibleConfigMatches = Object.entries(record.authConfig).every(([key, value]) =>
    deepEqual(inputs.authConfig?.[key], value),
  );
  return sameApp && sameScheme && record.useServiceAuth === inputs.useServiceAuth && visibleConfigMatches;
}
