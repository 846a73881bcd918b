/**
 * Reads the engine event log a command wrote (`--event-log`, one JSON engine event per line) into steps,
 * diagnostics and the stack's outputs. It is the record the Automation API reads too.
 */
import { z } from "zod";
import { isPropertyMap, rootStackType, secretSig, specialSigKey, urnName } from "./state";
import type { PropertyValue } from "./state";
import type { LogEntry, StackOutput, Step, StepOp } from "./types";

const stateMetadata = z
  .object({
    type: z.string().optional(),
    inputs: z.record(z.string(), z.json()).nullish(),
    outputs: z.record(z.string(), z.json()).nullish(),
  })
  .nullish();

const stepMetadata = z.object({
  op: z.string(),
  urn: z.string(),
  type: z.string(),
  old: stateMetadata,
  new: stateMetadata,
  keys: z.array(z.string()).nullish(),
  diffs: z.array(z.string()).nullish(),
});

const engineEvent = z.object({
  resourcePreEvent: z.object({ metadata: stepMetadata }).optional(),
  resOutputsEvent: z.object({ metadata: stepMetadata }).optional(),
  resOpFailedEvent: z.object({ metadata: stepMetadata }).optional(),
  diagnosticEvent: z
    .object({ urn: z.string().optional(), message: z.string(), severity: z.string() })
    .optional(),
});

export interface EventLogReading {
  steps: Step[];
  log: LogEntry[];
  /** The root stack's outputs as the events carry them (secrets hidden, unknowns in a preview). */
  outputs: Record<string, StackOutput>;
}

const SHOWN_SEVERITIES = new Set(["info", "info#err", "warning", "error"]);

export function readEventLog(text: string): EventLogReading {
  const steps: Step[] = [];
  const log: LogEntry[] = [];
  let outputs: Record<string, StackOutput> = {};
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const event = engineEvent.parse(JSON.parse(line));
    if (event.diagnosticEvent && SHOWN_SEVERITIES.has(event.diagnosticEvent.severity)) {
      const { message, severity, urn } = event.diagnosticEvent;
      log.push({ severity: severity as LogEntry["severity"], message: message.replace(/\n$/, ""), urn });
    }
    const started = event.resourcePreEvent?.metadata;
    if (started && !isDefaultProvider(started.type, started.urn)) steps.push(stepFrom(started));
    const finished = event.resOutputsEvent?.metadata;
    if (finished) {
      // A refresh step ends with what it found: `same`, or the change it made to the state.
      const step = steps.findLast((candidate) => candidate.urn === finished.urn && !candidate.done);
      if (step) {
        step.done = true;
        step.result = finished.op as StepOp;
        step.outputs = finished.new?.outputs ?? step.outputs;
        if (step.op === "refresh") {
          const drift = driftedKeys(finished);
          if (drift.length > 0) step.diffs = drift;
        }
      }
      if (finished.type === rootStackType) outputs = stackOutputs(finished.new?.outputs ?? {});
    }
    const failed = event.resOpFailedEvent?.metadata;
    if (failed) {
      const step = steps.findLast((candidate) => candidate.urn === failed.urn && !candidate.done);
      if (step) step.failed = true;
    }
  }
  return { steps, log, outputs };
}

/** Steps whose inputs changed: their visible changed keys when the provider reported none. */
const CHANGING_OPS = new Set(["update", "replace", "create-replacement"]);

function stepFrom(metadata: z.infer<typeof stepMetadata>): Step {
  const diffs =
    metadata.diffs && metadata.diffs.length > 0
      ? metadata.diffs
      : CHANGING_OPS.has(metadata.op)
        ? changedKeys(metadata.old?.inputs ?? {}, metadata.new?.inputs ?? {})
        : undefined;
  return {
    op: metadata.op as StepOp,
    urn: metadata.urn,
    type: metadata.type,
    name: urnName(metadata.urn),
    ...(diffs && diffs.length > 0 ? { diffs } : {}),
    ...(metadata.keys && metadata.keys.length > 0 ? { replaces: metadata.keys } : {}),
    inputs: metadata.new?.inputs ?? {},
    outputs: metadata.new?.outputs ?? {},
    done: false,
  };
}

/** The output keys a refresh changed. */
function driftedKeys(metadata: z.infer<typeof stepMetadata>): string[] {
  return changedKeys(metadata.old?.outputs ?? {}, metadata.new?.outputs ?? {});
}

/**
 * The top-level keys whose values differ, as the CLI's display computes them when a provider reports no
 * changed keys (the SDK's dynamic provider never does). Secrets are masked in the event log, so a changed
 * secret value does not show here.
 */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .sort();
}

/** The engine's own default providers (`pulumi:providers:<pkg>::default...`): the CLI does not list them either. */
function isDefaultProvider(type: string, urn: string): boolean {
  return type.startsWith("pulumi:providers:") && urnName(urn).startsWith("default");
}

function stackOutputs(outputs: Record<string, PropertyValue>): Record<string, StackOutput> {
  return Object.fromEntries(
    Object.entries(outputs).map(([key, value]) =>
      isPropertyMap(value) && value[specialSigKey] === secretSig
        ? [key, { value: "[secret]", secret: true }]
        : [key, { value, secret: false }],
    ),
  );
}
