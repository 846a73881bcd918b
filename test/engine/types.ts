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

/** A resource call sent to the provider, for `onProviderCall`. */
export type { ProviderCall } from "./provider-client";

/** `pulumi up` / `pulumi preview` flags. URNs throughout. */
export interface UpOptions {
  /** `--replace`: replace these resources even if their diff says nothing changed. */
  replace?: string[];
  /** `--target`: only these resources are created, updated or deleted; the rest stay as they are. */
  targets?: string[];
  /** `--target-dependents`: the targets' dependents are targeted too. */
  targetDependents?: boolean;
  /** `--refresh`: refresh every resource before the program runs. */
  refresh?: boolean;
  /**
   * Aborting simulates the CLI being killed (SIGKILL) mid-operation: the checkpoint stays as last
   * written, the program and the provider are killed, and the result has `error` set ("interrupted").
   */
  signal?: AbortSignal;
}

/** `pulumi refresh` flags. */
export interface RefreshOptions {
  /** `--import-pending-creates <urn> <id> ...`. */
  importPendingCreates?: Array<{ urn: string; id: string }>;
  /** `--clear-pending-creates`. */
  clearPendingCreates?: boolean;
  /** `--skip-pending-creates` (only meaningful interactively; this engine never prompts). */
  skipPendingCreates?: boolean;
  /** `--target`. */
  targets?: string[];
  signal?: AbortSignal;
}

/** `pulumi destroy` flags. */
export interface DestroyOptions {
  /** `--target`. */
  targets?: string[];
  /** `--target-dependents`. */
  targetDependents?: boolean;
  signal?: AbortSignal;
}
