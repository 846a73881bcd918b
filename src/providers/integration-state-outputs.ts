import type { CheckedIntegrationStateInputs, OnDeletePolicy } from "./integration-state-inputs";
import { withoutUndefined } from "./values";

/**
 * An IntegrationState's outputs. A field that is not managed stays undefined, which is also how diff,
 * read and delete know what is managed.
 */
export interface IntegrationStateOutputs {
  integrationId: string;
  /** The managed value, refreshed from the server (drift shows on refresh). */
  enabled?: boolean;
  /** The applied authConfig, with refreshed visible values (see applied-keys.ts). Secret. */
  authConfig?: Record<string, unknown>;
  onDelete: OnDeletePolicy;
  /** `enabled` as it was before this resource changed it: what `onDelete: "restore"` sets back. */
  priorEnabled: boolean;
}

export function integrationStateOutputs(
  inputs: Pick<CheckedIntegrationStateInputs, "integrationId" | "enabled" | "authConfig" | "onDelete">,
  priorEnabled: boolean,
): IntegrationStateOutputs {
  return withoutUndefined({
    integrationId: inputs.integrationId,
    enabled: inputs.enabled,
    authConfig: inputs.authConfig,
    onDelete: inputs.onDelete,
    priorEnabled,
  });
}
