import { checkInputs } from "../shared/input-rules";
import type { CheckResult } from "../shared/types";
import { connectedAccountDefinition, type CheckedConnectedAccountInputs } from "./definition";

export function checkConnectedAccountInputs(
  news: Record<string, unknown>,
): CheckResult<CheckedConnectedAccountInputs> {
  return checkInputs<CheckedConnectedAccountInputs>(connectedAccountDefinition.inputs, news, () => []);
}
