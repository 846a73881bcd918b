/**
 * Helpers for the tests that mirror Pulumi's own integration tests (../README.md) on the real CLI: a
 * program from ../programs staged as JavaScript, run the way Pulumi's test harness runs it (`Quick`:
 * `up --skip-preview`, then each edit step), and results read the way the Go tests read them.
 */
import { join } from "node:path";
import { PulumiStack } from "../../../tools/pulumi/stack";
import type { ResourceState } from "../../../tools/pulumi/state";
import { rootStackType } from "../../../tools/pulumi/state";
import type { OperationResult } from "../../../tools/pulumi/types";
import { stageProgram } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";

const PROGRAMS = join(__dirname, "..", "programs");

/** The stack every mirrored test uses: URNs read `urn:pulumi:dev::<project>::...`. */
export const STACK = "dev";

/** A stack of `programs/<program>`, with plain config (the edit step, for programs that have several). */
export async function mirrorStack(program: string, config?: Record<string, string>): Promise<PulumiStack> {
  const programDir = await stageProgram(join(PROGRAMS, program), program);
  return PulumiStack.create({ cli: pinnedCli(), programDir, stack: STACK, config });
}

/** `<op> <name>` for every step but the stack's own, in the order the engine started them. */
export function stepsOf(result: OperationResult | undefined): string[] {
  return (result?.steps ?? [])
    .filter((step) => step.type !== rootStackType)
    .map((step) => `${step.op} ${step.name}`);
}

/** The steps of one resource, in order. */
export function stepsOfName(result: OperationResult | undefined, name: string): string[] {
  return stepsOf(result).filter((step) => step.endsWith(` ${name}`));
}

/** The state's resources as the Go tests look at them: `<name>`, or `<name> (delete)`, in state order. */
export function checkpointOf(states: ResourceState[] | undefined): string[] {
  return (states ?? []).map((state) => `${state.urn.split("::").at(-1)}${state.delete ? " (delete)" : ""}`);
}

export interface StepRun {
  stack: PulumiStack;
  /** One result per command, in order. */
  results: OperationResult[];
  /** The state after each command (`pulumi stack export --show-secrets`). */
  states: ResourceState[][];
}

/**
 * Pulumi's test harness with `Quick` and edit steps: `up --skip-preview` of the program at steps
 * 1..`steps` in turn (the `step` config picks the edit), recording each result and the state after it;
 * `afterFirst` (the refresh the harness runs after the first update) runs after step 1 and is recorded too.
 */
export async function runSteps(
  program: string,
  steps: number,
  afterFirst?: (stack: PulumiStack) => Promise<OperationResult>,
): Promise<StepRun> {
  const stack = await mirrorStack(program, { step: "1" });
  const run: StepRun = { stack, results: [], states: [] };
  const record = async (result: OperationResult): Promise<void> => {
    run.results.push(result);
    run.states.push(await stack.resources());
  };
  for (let step = 1; step <= steps; step++) {
    if (step > 1) await stack.setConfig("step", String(step));
    await record(await stack.up({ skipPreview: true }));
    if (step === 1 && afterFirst) await record(await afterFirst(stack));
  }
  return run;
}

/** How long a mirrored scenario may take: each command starts the CLI, the program and the provider. */
export const mirrorTimeoutMs = 300_000;
