import { authConfigField, booleanField, checkInputs, oneOf, requiredString } from "../shared/input-rules";
import type { CheckFailure, CheckResult } from "../shared/types";

export const ON_DELETE_POLICIES = ["retain", "restore"] as const;
/** What deleting the resource does: leave the integration as it is, or set `enabled` back to its prior value. */
export type OnDeletePolicy = (typeof ON_DELETE_POLICIES)[number];

interface IntegrationStateCommon {
  /** The id of an existing integration (connector). Changing it replaces the resource. */
  integrationId: string;
  /** Default "retain". Touches nothing remote when changed. */
  onDelete?: OnDeletePolicy;
}

/** What to manage: `enabled`, `authConfig` (secret), or both; at least one. Both are updated in place. */
export type ManagedFields =
  | { enabled: boolean; authConfig?: Record<string, unknown> }
  | { enabled?: boolean; authConfig: Record<string, unknown> };

/** The inputs of an IntegrationState as a user writes them. */
export type IntegrationStateInputs = IntegrationStateCommon & ManagedFields;

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export interface CheckedIntegrationStateInputs {
  integrationId: string;
  enabled?: boolean;
  authConfig?: Record<string, unknown>;
  onDelete: OnDeletePolicy;
}

const integrationStateFields = {
  integrationId: requiredString(),
  enabled: booleanField().optional(),
  authConfig: authConfigField(),
  onDelete: oneOf(ON_DELETE_POLICIES).default("retain"),
};

export function checkIntegrationStateInputs(
  news: Record<string, unknown>,
): CheckResult<CheckedIntegrationStateInputs> {
  return checkInputs<CheckedIntegrationStateInputs>(integrationStateFields, news, somethingToManage);
}

function somethingToManage(inputs: Record<string, unknown>): CheckFailure[] {
  if (inputs.enabled === undefined && inputs.authConfig === undefined) {
    return [
      { property: "enabled", reason: "give enabled or authConfig (or both): there is nothing to manage" },
    ];
  }
  return [];
}
