import type { ConnectorRecord } from "../../client";
import type { CheckedIntegrationStateInputs, IntegrationStateOutputs } from "./definition";
import { withoutUndefined } from "../shared/values";

/** What was found before this resource changed anything: what `onDelete: "restore"` puts back. */
export interface PriorState {
  enabled: boolean;
  authConfig?: Record<string, unknown>;
  unrestorableKeys?: string[];
}

export function integrationStateOutputs(
  inputs: Pick<
    CheckedIntegrationStateInputs,
    "integrationId" | "enabled" | "authConfig" | "onDelete" | "resourceName"
  >,
  prior: PriorState,
): IntegrationStateOutputs {
  return withoutUndefined({
    integrationId: inputs.integrationId,
    enabled: inputs.enabled,
    authConfig: inputs.authConfig,
    onDelete: inputs.onDelete,
    resourceName: inputs.resourceName,
    priorEnabled: prior.enabled,
    priorAuthConfig: prior.authConfig,
    unrestorableKeys: prior.unrestorableKeys,
  });
}

/** The prior state an IntegrationState in state recorded (older states recorded only `priorEnabled`). */
export function priorStateOf(outputs: IntegrationStateOutputs): PriorState {
  return {
    enabled: outputs.priorEnabled,
    authConfig: outputs.priorAuthConfig,
    unrestorableKeys: outputs.unrestorableKeys,
  };
}

/**
 * The state of an IntegrationState imported by the integration's id: it manages `enabled` as the integration
 * has it, found that value before it changed anything (so `onDelete: "restore"` would put back the value at
 * import), and leaves `authConfig` unmanaged: the service never shows its secret values, so the program gives
 * it and the first update applies it. `onDelete` is the default, "retain".
 */
export function importedStateOf(integrationId: string, record: ConnectorRecord): IntegrationStateOutputs {
  return integrationStateOutputs(
    { integrationId, enabled: record.enabled, authConfig: undefined, onDelete: "retain" },
    { enabled: record.enabled },
  );
}
