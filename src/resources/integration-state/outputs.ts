import type { CheckedIntegrationStateInputs, OnDeletePolicy } from "./definition";
import { withoutUndefined } from "../shared/values";

/**
 * An IntegrationState's outputs. A field that is not managed stays undefined, which is also how diff,
 * read and delete know what is managed.
 */
export interface IntegrationStateOutputs {
  integrationId: string;
  /** The managed value, refreshed from the server (drift shows on refresh). */
  enabled?: boolean;
  /** The applied authConfig, with refreshed visible values (see ../shared/applied-keys.ts). Secret. */
  authConfig?: Record<string, unknown>;
  onDelete: OnDeletePolicy;
  /** `enabled` as it was before this resource changed it: what `onDelete: "restore"` sets back. */
  priorEnabled: boolean;
  /** The authConfig keys the integration showed before this resource changed it (managed authConfig only). */
  priorAuthConfig?: Record<string, unknown>;
  /**
   * The keys this resource set whose prior values the service never showed (secrets): `onDelete: "restore"`
   * cannot put those back and leaves them as this resource set them.
   */
  unrestorableKeys?: string[];
}

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
