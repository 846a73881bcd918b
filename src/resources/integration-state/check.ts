import { checkInputs } from "../shared/input-rules";
import type { CheckFailure, CheckResult } from "../shared/types";
import { integrationStateDefinition, type CheckedIntegrationStateInputs } from "./definition";

export function checkIntegrationStateInputs(
  news: Record<string, unknown>,
): CheckResult<CheckedIntegrationStateInputs> {
  return checkInputs<CheckedIntegrationStateInputs>(
    integrationStateDefinition.inputs,
    news,
    somethingToManage,
  );
}

function somethingToManage(inputs: Record<string, unknown>): CheckFailure[] {
  if (inputs.enabled === undefined && inputs.authConfig === undefined) {
    return [
      { property: "enabled", reason: "give enabled or authConfig (or both): there is nothing to manage" },
    ];
  }
  return [];
}
