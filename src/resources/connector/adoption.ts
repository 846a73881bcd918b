import { sameAppName } from "../../client/app-name";
import type { ConnectorRecord } from "../../client";
import type { CheckedConnectorInputs } from "./definition";

/**
 * What differs between an existing connector and the inputs that would take it over (`adoptId`): the
 * fields that force a replacement cannot be changed in place, so adopting a connector that differs in
 * one of them would leave state describing a connector that does not exist. Only names fields, never
 * values of authConfig (they may be secret).
 */
export function identityMismatches(record: ConnectorRecord, inputs: CheckedConnectorInputs): string[] {
  const sameApp =
    inputs.appId !== undefined ? record.appId === inputs.appId : sameAppName(record.appName, inputs.appName);
  return [
    record.name === inputs.name ? undefined : `it is named "${record.name}", not "${inputs.name}"`,
    sameApp ? undefined : `its app is "${record.appName}" (${record.appId})`,
    inputs.authScheme === undefined || record.authScheme === inputs.authScheme
      ? undefined
      : `its authScheme is ${record.authScheme ?? "not set"}`,
    record.useServiceAuth === inputs.useServiceAuth
      ? undefined
      : `its useServiceAuth is ${record.useServiceAuth}`,
  ].filter((mismatch): mismatch is string => mismatch !== undefined);
}
