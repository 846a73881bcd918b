import { checkInputs } from "../shared/input-rules";
import type { CheckResult } from "../shared/types";
import { triggerInstanceDefinition, type CheckedTriggerInstanceInputs } from "./definition";

/** The per-field rules; the trigger's config schema is checked by config-rules.ts (it needs a request). */
export function checkTriggerInstanceFields(
  news: Record<string, unknown>,
): CheckResult<CheckedTriggerInstanceInputs> {
  return checkInputs<CheckedTriggerInstanceInputs>(triggerInstanceDefinition.inputs, news, () => []);
}
