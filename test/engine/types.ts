/** The public shapes of the test engine's results. */

export type StepOp =
  | "create"
  | "update"
  | "replace"
  | "delete"
  | "same"
  | "read"
  | "refresh"
  | "create-replacement"
  | "delete-replaced";

export interface Step {
  op: StepOp;
  urn: string;
  /** The resource's own type token, e.g. `pulumi-nodejs:dynamic:Resource`. */
  type: string;
  name: string;
  /** Top-level input keys that changed (update/replace) or output keys that drifted (refresh). */
  diffs?: string[];
  /** Keys that forced the replacement. */
  replaces?: string[];
}

/** `info#err` is a line the program or provider wrote to stderr, as the CLI names it. */
export type LogSeverity = "debug" | "info" | "info#err" | "warning" | "error";

export interface LogEntry {
  severity: LogSeverity;
  message: string;
  urn?: string;
}

/** A stack output as the Automation API reports it: the plain value and whether it is secret. */
export interface StackOutput {
  value: unknown;
  secret: boolean;
}

export interface OperationResult {
  steps: Step[];
  outputs: Record<string, StackOutput>;
  log: LogEntry[];
  /** Set when the deployment failed; the steps done before the failure are in `steps` and in state. */
  error?: string;
  durationMs: number;
}
