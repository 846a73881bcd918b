import { booleanField, checkInputs, optionalString, requiredString } from "../shared/input-rules";
import { z } from "zod";
import type { CheckResult } from "../shared/types";

/** The inputs of a TriggerInstance as a user writes them. */
export interface TriggerInstanceInputs {
  /** The connected account the trigger listens on. Changing it replaces the instance. */
  connectedAccountId: string;
  /** The trigger's name, e.g. "GITHUB_STAR_ADDED_EVENT". Changing it replaces the instance. */
  triggerName: string;
  /**
   * Checked against the trigger's config schema before any write. Default `{}`. Changing it replaces the
   * instance (the service identifies an instance by account, trigger and config).
   */
  triggerConfig?: Record<string, unknown>;
  /** Default true. Updated in place. */
  enabled?: boolean;
  /**
   * Take over this existing instance (its account, trigger and config must be these). Without it, an
   * instance of the same account, trigger and config that already exists is never taken: create fails
   * and names it. Only read at create time.
   */
  adoptId?: string;
}

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export interface CheckedTriggerInstanceInputs {
  connectedAccountId: string;
  triggerName: string;
  triggerConfig: Record<string, unknown>;
  enabled: boolean;
  adoptId?: string;
}

const triggerInstanceFields = {
  connectedAccountId: requiredString(),
  triggerName: requiredString(),
  triggerConfig: z
    .record(z.string(), z.unknown(), { error: 'must be an object, e.g. { owner: "octocat", repo: "hello" }' })
    .default({}),
  enabled: booleanField().default(true),
  adoptId: optionalString(),
};

export function checkTriggerInstanceFields(
  news: Record<string, unknown>,
): CheckResult<CheckedTriggerInstanceInputs> {
  return checkInputs<CheckedTriggerInstanceInputs>(triggerInstanceFields, news, () => []);
}
