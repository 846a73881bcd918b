/** The demo's last word on a deployment: "No changes." or what changed, one symbol per step kind. */
import type { OperationResult, StepOp } from "../../tools/pulumi/types";

const SYMBOLS: Partial<Record<StepOp, string>> = {
  create: "+",
  update: "~",
  replace: "+-",
  delete: "-",
};

export function printSummary(result: OperationResult): void {
  const changes = result.steps.filter(
    (step) => SYMBOLS[step.op] !== undefined && step.type !== "pulumi:pulumi:Stack",
  );
  if (result.error !== undefined) console.log(`Failed: ${result.error}`);
  else if (changes.length === 0) console.log("No changes.");
  else
    for (const step of changes)
      console.log(`${SYMBOLS[step.op]} ${step.type.replace("pulumi-nodejs:dynamic/", "")} ${step.name}`);
}
