/** One engine operation, measured: wall time, the engine process's CPU, and its children's memory and CPU. */
import { performance } from "node:perf_hooks";
import type { OperationResult, StepOp, TestStack } from "../../test/engine";
import { DescendantSampler, type DescendantUsage } from "./process-usage";
import { assertSucceeded } from "./stacks";

export interface MeasuredOperation {
  wallMs: number;
  /** This process: the test engine (and the emulator, when it runs here too). */
  engineCpuMs: number;
  children: DescendantUsage;
  result: OperationResult;
}

export async function measureOperation(
  stack: TestStack,
  kind: "up" | "preview" | "refresh" | "destroy",
): Promise<MeasuredOperation> {
  const sampler = new DescendantSampler().start();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await stack[kind]();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const children = sampler.stop();
  assertSucceeded(kind, result);
  return { wallMs, engineCpuMs: (cpu.user + cpu.system) / 1000, children, result };
}

/** Throws unless exactly `count` resources named `<prefix>*` show the step `op`. */
export function assertStepCount(
  result: OperationResult,
  op: StepOp,
  count: number,
  prefix = "connector-",
): void {
  const steps = result.steps.filter((step) => step.name.startsWith(prefix));
  const matching = steps.filter((step) => step.op === op).length;
  if (matching !== count || steps.length !== count) {
    throw new Error(`expected ${count} ${op} steps, got ${matching} of ${steps.length}`);
  }
}
