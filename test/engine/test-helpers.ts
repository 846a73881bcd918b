/** Helpers for the engine's own tests. */
import { join } from "node:path";
import { TestStack } from "./stack";
import type { ResourceState } from "./state";
import type { OperationResult, Step, StepOp } from "./types";

export const programsDir = join(__dirname, "programs");

/** Each engine test file starts a few real programs (2-5 s each on an idle machine, far more on a busy one). */
export const engineTestTimeoutMs = 240_000;

/** The provider calls (`null:<call>:<label>`) in the order the provider process printed them. */
export function providerCalls(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("null:"))
    .map((line) => line.split(" ")[0] ?? line);
}

/** The steps of one resource, by name, as `op` list. */
export function opsOf(result: OperationResult, name: string): StepOp[] {
  return result.steps.filter((step) => step.name === name).map((step) => step.op);
}

export function stepOf(result: OperationResult, name: string, op: StepOp): Step {
  const step = result.steps.find((candidate) => candidate.name === name && candidate.op === op);
  if (!step) throw new Error(`no ${op} step for ${name} in ${JSON.stringify(result.steps)}`);
  return step;
}

export function indexOfStep(result: OperationResult, name: string, op: StepOp): number {
  return result.steps.findIndex((step) => step.name === name && step.op === op);
}

/**
 * A scenario of one program under programs/, started with config `phase` 1: its operations, each kept
 * under a label with its result, the provider calls it made and the state it left. `start()` it in
 * `beforeAll` and `dispose` it in `afterAll`.
 */
export function phasedScenario(program: string) {
  let stack: TestStack | undefined;
  const current = (): TestStack => {
    if (!stack) throw new Error(`the ${program} scenario is not started`);
    return stack;
  };
  const calls: Record<string, string[]> = {};
  const results: Record<string, OperationResult> = {};
  const states: Record<string, ResourceState[]> = {};
  /** The URN of one of the program's dynamic resources. */
  const urnOf = (name: string): string =>
    `urn:pulumi:${current().stackName}::${current().project}::pulumi-nodejs:dynamic:Resource::${name}`;
  return {
    calls,
    results,
    states,
    urnOf,
    /** A resource of the program in the state a labelled operation left. */
    stateOf: (label: string, name: string): ResourceState | undefined =>
      states[label]?.find((state) => state.urn === urnOf(name)),
    async start(): Promise<TestStack> {
      stack = await TestStack.create(join(programsDir, program), { config: { phase: "1" } });
      return stack;
    },
    async run(label: string, operation: () => Promise<OperationResult>): Promise<void> {
      const before = providerCalls(current().providerOutput()).length;
      results[label] = await operation();
      calls[label] = providerCalls(current().providerOutput()).slice(before);
      states[label] = await current().resources();
    },
    dispose: (): Promise<void> => stack?.dispose() ?? Promise.resolve(),
  };
}
