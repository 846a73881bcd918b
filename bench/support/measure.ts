/**
 * One CLI command, measured: its wall time, this process's CPU (the language host, and the emulator where it
 * runs here too), and the memory and CPU of the processes under it (the CLI, the program, the providers).
 */
import { performance } from "node:perf_hooks";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult, StepOp } from "../../tools/pulumi/types";
import { DescendantSampler, type DescendantUsage } from "./process-usage";
import { assertSucceeded, benchCli } from "./stacks";

export type OperationKind = "up" | "preview" | "refresh" | "destroy";

export interface MeasuredOperation {
  /** From the call to the CLI's exit (the state read that builds the result is not counted). */
  wallMs: number;
  /** This process: the language host the CLI connects to, plus the in-process emulator if there is one. */
  benchCpuMs: number;
  children: DescendantUsage;
  result: OperationResult;
}

/**
 * Runs one command as the Automation API runs it: `up`, `refresh` and `destroy` with `--skip-preview` (the
 * Node SDK's LocalWorkspace always passes it), so that each is measured alone; `preview` is the preview.
 */
export function runOperation(
  stack: PulumiStack,
  kind: OperationKind,
  onExit?: () => void,
): Promise<OperationResult> {
  return kind === "preview" ? stack.preview({ onExit }) : stack[kind]({ skipPreview: true, onExit });
}

export async function measureOperation(stack: PulumiStack, kind: OperationKind): Promise<MeasuredOperation> {
  const sampler = new DescendantSampler(benchCli().bin).start();
  let measured: Omit<MeasuredOperation, "result"> | undefined;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await runOperation(stack, kind, () => {
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    measured = { wallMs, benchCpuMs: (cpu.user + cpu.system) / 1000, children: sampler.stop() };
  });
  if (measured === undefined) throw new Error(`${kind}: the CLI's exit was not reported`);
  assertSucceeded(kind, result);
  return { ...measured, result };
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
    const seen = [...new Set(steps.map((step) => step.op))].join(", ") || "none";
    const other = steps.find((step) => step.op !== op);
    const example = other ? `; e.g. ${other.name}: ${other.op} of [${(other.diffs ?? []).join(", ")}]` : "";
    throw new Error(
      `expected ${count} ${op} steps, got ${matching} of ${steps.length} (ops: ${seen}${example})`,
    );
  }
}
