/**
 * Helpers for the tests that mirror Pulumi's integration tests: programs take the ProgramTest edit step
 * from the `step` config, and results are read the way the Go tests read them.
 */
import { join } from "node:path";
import { TestStack } from "./stack";
import type { ResourceState } from "./state";
import { programsDir } from "./test-helpers";
import type { OperationResult } from "./types";

/** `<op> <name>` for every step but the stack's own. */
export function stepsOf(result: OperationResult | undefined): string[] {
  return (result?.steps ?? [])
    .filter((step) => step.type !== "pulumi:pulumi:Stack")
    .map((step) => `${step.op} ${step.name}`);
}

/** The checkpoint's resources as the Go tests look at them: `<name>`, or `<name> (delete)`. */
export function checkpointOf(states: ResourceState[] | undefined): string[] {
  return (states ?? []).map((state) => `${state.urn.split("::").at(-1)}${state.delete ? " (delete)" : ""}`);
}

/** A stack of the program at step 1 (ProgramTest's first directory). */
export function stepStack(program: string): Promise<TestStack> {
  return TestStack.create(join(programsDir, program), { config: { step: "1" } });
}

export interface StepRun {
  stack: TestStack;
  results: OperationResult[];
  states: ResourceState[][];
}

/**
 * Ups the program at steps 1..`steps` in turn (as ProgramTest's EditDirs do), recording each result and
 * the state after it; `afterFirst` (e.g. the Quick lifecycle's refresh) runs after step 1 and is
 * recorded too.
 */
export async function runSteps(
  program: string,
  steps: number,
  afterFirst?: (stack: TestStack) => Promise<OperationResult>,
): Promise<StepRun> {
  const stack = await stepStack(program);
  const run: StepRun = { stack, results: [], states: [] };
  for (let step = 1; step <= steps; step++) {
    stack.setConfig("step", String(step));
    run.results.push(await stack.up());
    run.states.push(await stack.resources());
    if (step === 1 && afterFirst) {
      run.results.push(await afterFirst(stack));
      run.states.push(await stack.resources());
    }
  }
  return run;
}
