/** What a command of the real CLI did, read from its engine event log. */

/** The engine's step operations, as the event log spells them. */
export type StepOp =
  | "create"
  | "update"
  | "replace"
  | "delete"
  | "same"
  | "read"
  | "refresh"
  | "create-replacement"
  | "delete-replaced"
  | "read-replacement"
  | "discard"
  | "discard-replaced"
  | "remove-pending-replace"
  | "import"
  | "import-replacement";

export interface Step {
  op: StepOp;
  urn: string;
  /** The resource's own type token, e.g. `pulumi-nodejs:dynamic/integrations:Connector`. */
  type: string;
  name: string;
  /** Top-level input keys that changed (update/replace), or output keys that drifted (refresh). */
  diffs?: string[];
  /** Keys that forced the replacement. */
  replaces?: string[];
  /** The resource's inputs after the step (the checked inputs; unknowns in a preview are `unknownValue`). */
  inputs: Record<string, unknown>;
  /** Its outputs after the step (secrets shown as `[secret]`, as the CLI shows them). */
  outputs: Record<string, unknown>;
  /** Whether the step had completed when the command ended (resOutputsEvent). */
  done: boolean;
  /**
   * The op its resOutputsEvent reported. For a refresh, how the refresh ended: "same", "update" (the
   * provider's diff of what was read against the program's inputs found a change: the CLI's "~ updated")
   * or "delete" (read as gone). Otherwise the op.
   */
  result?: StepOp;
  /** Set when the step failed (resOpFailedEvent): a failed step is not `done` either. */
  failed?: true;
}

/** `info#err` is a line the program wrote to stderr, as the CLI names it. */
export type LogSeverity = "info" | "info#err" | "warning" | "error";

export interface LogEntry {
  severity: LogSeverity;
  message: string;
  urn?: string;
}

/** A stack output: its plain value and whether it is secret. */
export interface StackOutput {
  value: unknown;
  secret: boolean;
}

export type CommandKind = "preview" | "up" | "refresh" | "destroy" | "import";

export interface OperationResult {
  kind: CommandKind;
  steps: Step[];
  /** Stack outputs after the command (for a preview: as the preview showed them, unknowns as `unknownValue`). */
  outputs: Record<string, StackOutput>;
  /** Diagnostics (warnings, errors) and what the program printed. */
  log: LogEntry[];
  /** Everything the CLI printed, as a user sees it. */
  output: string;
  /** Set when the command failed: its error diagnostics, one per line, or `interrupted` when it was killed. */
  error?: string;
  exitCode: number | null;
  durationMs: number;
}

export const interruptedMessage = "interrupted";

export interface CommonOptions {
  /** Aborting it kills the CLI (SIGKILL to its process group), as a CI runner killing the job does. */
  signal?: AbortSignal;
  /** Called with each line the CLI prints, as it prints it. */
  onOutput?(line: string): void;
  /**
   * Called as soon as the CLI has exited, before the state is read for the result (`pulumi stack export`, a
   * CLI run of its own): where a benchmark stops its clock and its process sampling.
   */
  onExit?(): void;
}

/** `pulumi up` and `pulumi preview` flags. URNs throughout. */
export interface UpOptions extends CommonOptions {
  /** `--replace`. */
  replace?: string[];
  /** `--target`. */
  targets?: string[];
  /** `--target-dependents`. */
  targetDependents?: boolean;
  /** `--refresh`. */
  refresh?: boolean;
  /** `--expect-no-changes`. */
  expectNoChanges?: boolean;
  /** `--skip-preview` (up only): for scenarios about faults rather than what a preview shows. */
  skipPreview?: boolean;
  /** `--plan <file>` (up) or `--save-plan <file>` (preview). */
  plan?: string;
  /** `--diff`: the CLI prints each change's properties. */
  diff?: boolean;
  /** `--policy-pack <pack>`, each with its `--policy-pack-config <file>` when given (tools/policy/analyzer.ts). */
  policyPacks?: Array<{ pack: string; config?: string }>;
}

/** `pulumi refresh` flags. */
export interface RefreshOptions extends CommonOptions {
  /** `--import-pending-creates <urn> <id> ...`. */
  importPendingCreates?: Array<{ urn: string; id: string }>;
  /** `--clear-pending-creates`. */
  clearPendingCreates?: boolean;
  /** `--skip-pending-creates`. */
  skipPendingCreates?: boolean;
  /** `--target`. */
  targets?: string[];
  /** `--preview-only`. */
  previewOnly?: boolean;
  /** `--expect-no-changes`. */
  expectNoChanges?: boolean;
  /** `--skip-preview`: without it the CLI previews the refresh first (every resource read twice). */
  skipPreview?: boolean;
}

/** `pulumi destroy` flags. */
export interface DestroyOptions extends CommonOptions {
  /** `--skip-preview`: without it the CLI previews the destroy first. */
  skipPreview?: boolean;
  /** `--target`. */
  targets?: string[];
  /** `--target-dependents`. */
  targetDependents?: boolean;
  /** `--exclude-protected`. */
  excludeProtected?: boolean;
}
