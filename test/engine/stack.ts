/**
 * A stack of a Pulumi program, deployed by the test engine: the API tests use.
 *
 *   const stack = await TestStack.create(programDir, { config: { "integrations:url": url } });
 *   const result = await stack.up();           // { steps, outputs, log, error?, durationMs }
 *   await stack.destroy();
 *   await stack.dispose();
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runOperation } from "./operation";
import type { OperationKind, OperationOptions, StackContext } from "./operation";
import type { ProviderCall } from "./provider-client";
import { inspectProgramDir } from "./program-dir";
import type { ProgramDir } from "./program-dir";
import { PassphraseCrypter } from "./secrets";
import { StateFile } from "./state";
import type { Checkpoint, PendingOperation, ResourceState } from "./state";
import type { DestroyOptions, OperationResult, RefreshOptions, UpOptions } from "./types";

export interface TestStackOptions {
  /** Defaults to Pulumi.yaml's name. */
  project?: string;
  /** Defaults to "dev". */
  stack?: string;
  /** Keys `<namespace>:<name>`; a key without a namespace gets the project's. */
  config?: Record<string, string>;
  /** Secret config, same keys; stored and handed to the program and provider as secrets. */
  secrets?: Record<string, string>;
  /** Defaults to "test-passphrase". */
  passphrase?: string;
  /** Where `.pulumi/stacks/<project>/<stack>.json` lives; a temporary directory (removed by dispose) by default. */
  stateDir?: string;
  /** Extra environment for the program and the provider process. */
  env?: Record<string, string>;
  /** Type-check the program (about twice as slow); transpile only by default. */
  typecheck?: boolean;
  /** `--parallel`: for the program, and the most provider steps run at once; 10 by default. */
  parallel?: number;
  /** Longest a program may run, in ms; 120 000 by default. */
  timeoutMs?: number;
  /**
   * Test hook: told right after each create/update/delete/read request has been sent to the provider
   * (the pending operation is on disk by then), e.g. to abort the operation's `signal` right there.
   */
  onProviderCall?: (call: ProviderCall) => void;
}

export class TestStack {
  private readonly config: Record<string, string> = {};
  private readonly secretKeys = new Set<string>();
  private readonly output: string[] = [];
  private busy = false;

  private constructor(
    readonly program: ProgramDir,
    readonly project: string,
    readonly stackName: string,
    readonly stateDir: string,
    private readonly ownsStateDir: boolean,
    private readonly stateFile: StateFile,
    private readonly crypter: PassphraseCrypter,
    private readonly options: TestStackOptions,
  ) {}

  static async create(programDir: string, options: TestStackOptions = {}): Promise<TestStack> {
    const program = inspectProgramDir(resolve(programDir));
    const project = options.project ?? program.project;
    const stackName = options.stack ?? "dev";
    const stateDir = options.stateDir ?? (await mkdtemp(join(tmpdir(), "pulumi-test-engine-")));
    const stateFile = new StateFile(join(stateDir, ".pulumi", "stacks", project, `${stackName}.json`));
    const crypter = await PassphraseCrypter.create(
      options.passphrase ?? "test-passphrase",
      await stateFile.saltState(),
    );
    const stack = new TestStack(
      program,
      project,
      stackName,
      stateDir,
      options.stateDir === undefined,
      stateFile,
      crypter,
      options,
    );
    for (const [key, value] of Object.entries(options.config ?? {})) stack.setConfig(key, value);
    for (const [key, value] of Object.entries(options.secrets ?? {}))
      stack.setConfig(key, value, { secret: true });
    return stack;
  }

  get statePath(): string {
    return this.stateFile.path;
  }

  preview(options: UpOptions = {}): Promise<OperationResult> {
    return this.run("preview", options);
  }

  up(options: UpOptions = {}): Promise<OperationResult> {
    return this.run("up", options);
  }

  refresh(options: RefreshOptions = {}): Promise<OperationResult> {
    return this.run("refresh", options);
  }

  destroy(options: DestroyOptions = {}): Promise<OperationResult> {
    return this.run("destroy", options);
  }

  /** The checkpoint as stored (secrets encrypted), or undefined before the first deployment. */
  state(): Promise<Checkpoint | undefined> {
    return this.stateFile.checkpoint();
  }

  /** The raw state file, for asserting that no secret is readable in it. */
  stateText(): Promise<string | undefined> {
    return this.stateFile.text();
  }

  /** The resources in state with their secrets decrypted (still marked as secrets). */
  resources(): Promise<ResourceState[]> {
    return this.stateFile.load(this.crypter);
  }

  /** The operations a killed operation left pending in the checkpoint, secrets decrypted. */
  async pendingOperations(): Promise<PendingOperation[]> {
    return (await this.stateFile.snapshot(this.crypter)).pendingOperations;
  }

  setConfig(key: string, value: string, options: { secret?: boolean } = {}): void {
    const namespaced = key.includes(":") ? key : `${this.project}:${key}`;
    this.config[namespaced] = value;
    if (options.secret) this.secretKeys.add(namespaced);
    else this.secretKeys.delete(namespaced);
  }

  removeConfig(key: string): void {
    const namespaced = key.includes(":") ? key : `${this.project}:${key}`;
    delete this.config[namespaced];
    this.secretKeys.delete(namespaced);
  }

  /** Everything the dynamic-provider processes printed (after their port line), across operations. */
  providerOutput(): string {
    return this.output.join("\n");
  }

  /** Removes the temporary state directory, if this stack made it. Processes never outlive an operation. */
  async dispose(): Promise<void> {
    if (this.ownsStateDir) await rm(this.stateDir, { recursive: true, force: true });
  }

  private async run(kind: OperationKind, options: OperationOptions): Promise<OperationResult> {
    if (this.busy) throw new Error("one operation at a time on a stack");
    this.busy = true;
    try {
      return await runOperation(this.context(), kind, options);
    } finally {
      this.busy = false;
    }
  }

  private context(): StackContext {
    return {
      program: this.program,
      project: this.project,
      stack: this.stackName,
      stateFile: this.stateFile,
      crypter: this.crypter,
      config: { ...this.config },
      secretKeys: new Set(this.secretKeys),
      env: this.options.env ?? {},
      typecheck: this.options.typecheck ?? false,
      parallel: this.options.parallel ?? 10,
      timeoutMs: this.options.timeoutMs ?? 120_000,
      onProviderLine: (_stream, line) => this.output.push(line),
      onProviderCall: this.options.onProviderCall,
    };
  }
}
