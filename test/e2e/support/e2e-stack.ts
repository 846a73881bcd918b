/**
 * A scenario's stack: a program from test/e2e/programs, staged against the packed package, deployed by the
 * test engine against the file's emulator. Every operation is recorded with the API writes it made and the
 * state it left, so that the secret scans cover the state after each step, not only the last one.
 */
import { join } from "node:path";
import type { RequestLogEntry } from "../../../src/emulator";
import { TestStack } from "../../engine";
import type {
  DestroyOptions,
  OperationResult,
  RefreshOptions,
  ResourceState,
  TestStackOptions,
  UpOptions,
} from "../../engine";
import { stageProgram } from "../../support/packed-package";
import type { E2eApi } from "./e2e-api";

export type OperationKind = "preview" | "up" | "refresh" | "destroy";

export interface RecordedRun extends OperationResult {
  kind: OperationKind;
  /** Every request but GETs the emulator received during the operation. */
  writes: RequestLogEntry[];
  /** Every request the emulator received during the operation, reads included (the HTTP budget). */
  requests: RequestLogEntry[];
}

export interface E2eStackOptions {
  /** Program config, keys without a namespace are the program's. */
  config?: Record<string, string>;
  secrets?: Record<string, string>;
  /** Test-engine options besides config (a stack name, a hook on provider calls, ...). */
  engine?: Omit<TestStackOptions, "config" | "secrets">;
}

const PROGRAMS = join(__dirname, "..", "programs");

export class E2eStack {
  readonly runs: RecordedRun[] = [];
  /** The state file as each operation left it (empty before the first deployment). */
  readonly stateTexts: string[] = [];
  /** The resources in state after each operation. */
  readonly snapshots: ResourceState[][] = [];

  private constructor(
    readonly stack: TestStack,
    private readonly api: E2eApi,
  ) {}

  /** Stages `test/e2e/programs/<program>` and makes a stack of it configured for the emulator. */
  static async create(program: string, api: E2eApi, options: E2eStackOptions = {}): Promise<E2eStack> {
    const dir = await stageProgram(join(PROGRAMS, program), program);
    const stack = await TestStack.create(dir, {
      ...options.engine,
      config: { "integrations:baseUrl": api.emulator.url, ...options.config },
      secrets: { "integrations:apiKey": api.apiKey, ...options.secrets },
    });
    return new E2eStack(stack, api);
  }

  preview(options?: UpOptions): Promise<RecordedRun> {
    return this.run("preview", () => this.stack.preview(options));
  }

  up(options?: UpOptions): Promise<RecordedRun> {
    return this.run("up", () => this.stack.up(options));
  }

  refresh(options?: RefreshOptions): Promise<RecordedRun> {
    return this.run("refresh", () => this.stack.refresh(options));
  }

  destroy(options?: DestroyOptions): Promise<RecordedRun> {
    return this.run("destroy", () => this.stack.destroy(options));
  }

  setConfig(key: string, value: string, options: { secret?: boolean } = {}): void {
    this.stack.setConfig(key, value, options);
  }

  removeConfig(key: string): void {
    this.stack.removeConfig(key);
  }

  dispose(): Promise<void> {
    return this.stack.dispose();
  }

  private async run(kind: OperationKind, operation: () => Promise<OperationResult>): Promise<RecordedRun> {
    const log = this.api.emulator.requestLog;
    log.clear();
    const result = await operation();
    const requests = log.entries();
    const writes = requests.filter((entry) => entry.method !== "GET");
    const stateText = await this.stack.stateText();
    this.stateTexts.push(stateText ?? "");
    this.snapshots.push(stateText === undefined ? [] : await this.stack.resources());
    const run = { ...result, kind, writes, requests };
    this.runs.push(run);
    return run;
  }
}
