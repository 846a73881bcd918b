import type { CheckedIntegrationStateInputs, IntegrationStateOutputs } from "./definition";
import { withoutUndefined } from "../shared/values";

/** What was found before this resource changed anything: what `onDelete: "restore"` puts back. */
export interface PriorState {
  enabled: boolean;
  authConfig?: Record<string, unknown>;
  unrestorableKeys?: string[];
}

export function integrationStateOutputs(
  inputs: Pick<CheckedIntegrationStateInputs, "integrationId" | "enabled" | "authConfig" | "onDelete">,
  prior: PriorState,
): IntegrationStateOutputs {
  return withoutUndefined({
    integrationId: inputs.integrationId,
    enabled: inputs.enabled,
    authConfig: inputs.authConfig,
    onDelete: inputs.onDelete,
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
