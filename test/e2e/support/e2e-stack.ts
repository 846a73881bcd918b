/**
 * A scenario's stack: a program from test/e2e/programs, staged against the packed package, deployed by the
 * real `pulumi` CLI against the file's emulator. Every command is recorded with the API writes it made and
 * the state it left, so that the secret scans cover the state after each step, not only the last one.
 */
import { join } from "node:path";
import type { RequestLogEntry } from "../../../src/emulator";
import { PulumiStack } from "../../../tools/pulumi/stack";
import type { PulumiStackOptions } from "../../../tools/pulumi/stack";
import type { ResourceState } from "../../../tools/pulumi/state";
import type {
  CommandKind,
  DestroyOptions,
  OperationResult,
  RefreshOptions,
  UpOptions,
} from "../../../tools/pulumi/types";
import { stageProgram } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";
import type { E2eApi } from "./e2e-api";

export interface RecordedRun extends OperationResult {
  /** Every request but GETs the emulator received during the command. */
  writes: RequestLogEntry[];
  /** Every request the emulator received during the command, reads included (the HTTP budget). */
  requests: RequestLogEntry[];
}

export interface E2eStackOptions {
  /** Program config, keys without a namespace are the program's. */
  config?: Record<string, string>;
  secrets?: Record<string, string>;
  /** Stack options besides config (a stack name, `--parallel`, an environment). */
  stack?: Omit<PulumiStackOptions, "cli" | "programDir" | "config" | "secrets">;
  /** Stage the program as TypeScript run by ts-node (default: compiled to JavaScript first). */
  typescript?: boolean;
}

const PROGRAMS = join(__dirname, "..", "programs");

export class E2eStack {
  readonly runs: RecordedRun[] = [];
  /** `pulumi stack export` after each command (secrets encrypted). */
  readonly stateTexts: string[] = [];
  /** The resources in state after each command (`pulumi stack export --show-secrets`). */
  readonly snapshots: ResourceState[][] = [];

  private constructor(
    readonly stack: PulumiStack,
    private readonly api: E2eApi,
  ) {}

  /** Stages `test/e2e/programs/<program>` and makes a stack of it configured for the emulator. */
  static async create(program: string, api: E2eApi, options: E2eStackOptions = {}): Promise<E2eStack> {
    const programDir = await stageProgram(join(PROGRAMS, program), program, { compile: !options.typescript });
    const stack = await PulumiStack.create({
      ...options.stack,
      cli: pinnedCli(),
      programDir,
      config: { "integrations:baseUrl": api.emulator.url, ...options.config },
      secrets: { "integrations:apiKey": api.apiKey, ...options.secrets },
    });
    return new E2eStack(stack, api);
  }

  preview(options?: UpOptions): Promise<RecordedRun> {
    return this.run("preview", () => this.stack.preview(options));
  }

  /**
   * `pulumi up --skip-preview`, as the Automation API runs it: most scenarios are about what the update does.
   * Pass `{ skipPreview: false }` for `pulumi up` as a user types it (its preview, then the update), in the
   * scenarios about what a preview shows.
   */
  up(options?: UpOptions): Promise<RecordedRun> {
    return this.run("up", () => this.stack.up({ skipPreview: true, ...options }));
  }

  /**
   * `pulumi refresh --skip-preview`, as the Automation API runs it: without it the CLI runs a preview of the
   * refresh first, which reads every resource once more. Pass `{ skipPreview: false }` for the refresh a user
   * types.
   */
  refresh(options?: RefreshOptions): Promise<RecordedRun> {
    return this.run("refresh", () => this.stack.refresh({ skipPreview: true, ...options }));
  }

  /** `pulumi destroy --skip-preview`, as the Automation API runs it (Stack.destroy). */
  destroy(options?: DestroyOptions): Promise<RecordedRun> {
    return this.run("destroy", () => this.stack.destroy({ skipPreview: true, ...options }));
  }

  setConfig(key: string, value: string, options: { secret?: boolean } = {}): Promise<void> {
    return this.stack.setConfig(key, value, options);
  }

  removeConfig(key: string): Promise<void> {
    return this.stack.removeConfig(key);
  }

  /** The URN of a top-level resource of this stack. */
  urn(type: string, name: string): string {
    return this.stack.urn(type, name);
  }

  dispose(): Promise<void> {
    return this.stack.dispose();
  }

  private async run(kind: CommandKind, command: () => Promise<OperationResult>): Promise<RecordedRun> {
    const log = this.api.emulator.requestLog;
    log.clear();
    const result = await command();
    const requests = log.entries();
    const writes = requests.filter((entry) => entry.method !== "GET");
    const [stateText, resources] = await Promise.all([this.stack.stateText(), this.stack.resources()]);
    this.stateTexts.push(stateText);
    this.snapshots.push(resources);
    const run = { ...result, kind, writes, requests };
    this.runs.push(run);
    return run;
  }
}
