/** Readable views of a run's steps and API writes, for assertions. */
import type { Step, StepOp } from "../../../tools/pulumi/types";
import type { RecordedRun } from "./e2e-stack";

/** The step ops of one resource (by its name in the program), in order. */
export function opsOf(run: RecordedRun, name: string): StepOp[] {
  return run.steps.filter((step) => step.name === name).map((step) => step.op);
}

export function stepOf(run: RecordedRun, name: string, op: StepOp): Step {
  const step = run.steps.find((candidate) => candidate.name === name && candidate.op === op);
  if (!step) throw new Error(`no ${op} step for ${name} in ${JSON.stringify(run.steps)}`);
  return step;
}

/** The API writes of a run as "METHOD route", e.g. "PATCH /api/v1/integrations/:integrationId". */
export function writesOf(run: RecordedRun): string[] {
  return run.writes.map((entry) => `${entry.method} ${entry.route}`);
}

/** Every request of a run, reads included, as "METHOD route": what the HTTP budget counts. */
export function requestsOf(run: RecordedRun): string[] {
  return run.requests.map((entry) => `${entry.method} ${entry.route}`);
}

/** The output keys a refresh found drifted on one resource (the engine's "refresh" step lists them). */
export function driftOf(run: RecordedRun, name: string): string[] {
  return run.steps
    .filter((step) => step.name === name && step.op === "refresh")
    .flatMap((step) => step.diffs ?? []);
}

/** What the refresh steps of one resource ended as: "same", "update" (drift) or "delete" (gone). */
export function refreshResultsOf(run: RecordedRun, name: string): (StepOp | undefined)[] {
  return run.steps.filter((step) => step.name === name && step.op === "refresh").map((step) => step.result);
}

/** The API writes of a run that name this integration id in their path. */
export function writesTo(run: RecordedRun, id: string): string[] {
  return run.writes.filter((entry) => entry.url.includes(id)).map((entry) => entry.method);
}

/** Everything the user would read about a run: the error and every log line. */
export function textOf(run: RecordedRun): string {
  return [run.error ?? "", ...run.log.map((entry) => entry.message)].join("\n");
}

/**
 * The run, if it succeeded. For steps that later steps build on: a failure then stops the scenario with
 * the deployment's own error rather than with a confusing follow-up failure.
 */
export function succeeded(run: RecordedRun): RecordedRun {
  if (run.error !== undefined) throw new Error(`${run.kind} failed: ${run.error}`);
  return run;
}
