/** Prints a deployment the way a person wants to read it: one line per change, then the outputs. */
import type { OperationResult, Step, StepOp } from "../../test/engine";

const SYMBOLS: Partial<Record<StepOp, string>> = {
  create: "+",
  update: "~",
  replace: "+-",
  delete: "-",
  same: "=",
};

export function printResult(result: OperationResult, where: { stateFile: string }): void {
  const shown = result.steps.filter(
    (step) => SYMBOLS[step.op] !== undefined && step.type !== "pulumi:pulumi:Stack",
  );
  const changes = shown.filter((step) => step.op !== "same");
  console.log("");
  for (const step of shown) console.log(describe(step));
  console.log("");
  console.log(changes.length === 0 ? "No changes." : summarize(changes));
  if (result.error) {
    console.log(`\nFailed: ${result.error}`);
    return;
  }
  const outputs = Object.entries(result.outputs);
  if (outputs.length > 0) {
    console.log("\nOutputs:");
    for (const [name, output] of outputs) {
      console.log(`  ${name}: ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
    }
  }
  console.log(`\nState: ${where.stateFile} (${(result.durationMs / 1000).toFixed(1)} s)`);
}

function describe(step: Step): string {
  const changed = step.diffs && step.diffs.length > 0 ? `  [${step.diffs.join(", ")}]` : "";
  return `  ${(SYMBOLS[step.op] ?? "").padEnd(2)} ${step.type.replace("pulumi-nodejs:dynamic/", "")}  ${step.name}${changed}`;
}

function summarize(changes: Step[]): string {
  const counts = new Map<StepOp, number>();
  for (const step of changes) counts.set(step.op, (counts.get(step.op) ?? 0) + 1);
  return [...counts].map(([op, count]) => `${count} to ${op}`).join(", ");
}
