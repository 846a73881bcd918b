/**
 * A stack driven by the real `pulumi` CLI, offline: a file backend, a passphrase, a PULUMI_HOME of its own,
 * no update check and no plugin downloads (../../README.md, "Developing").
 * Programs run through the client language host (./language-host.ts), or with `realLanguageHost` through the
 * one the CLI starts itself. Each command writes an engine event log, from which the result's steps and
 * diagnostics come; state is read with `pulumi stack export`.
 */
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { readEventLog } from "./events";
import { startLanguageHost } from "./language-host";
import type { LanguageHost } from "./language-host";
import { decryptedSnapshot, exportedDeploymentSchema, isSecret, rootStackType, unwrapSecrets } from "./state";
import type { PendingOperation, ResourceState, Snapshot } from "./state";
import type { PulumiCli } from "./cli";
import type {
  CommandKind,
  CommonOptions,
  DestroyOptions,
  OperationResult,
  RefreshOptions,
  StackOutput,
  UpOptions,
} from "./types";
import { interruptedMessage } from "./types";

export interface PulumiStackOptions {
  cli: PulumiCli;
  /** The folder holding Pulumi.yaml. */
  programDir: string;
  /** "dev" unless given. */
  stack?: string;
  /** Plain config, `<namespace>:<name>` (a key without a namespace is the project's). */
  config?: Record<string, string>;
  /** Secret config: set with `pulumi config set --secret`, the value on stdin. */
  secrets?: Record<string, string>;
  passphrase?: string;
  /** Backend, PULUMI_HOME and event logs; a new temporary folder (removed by dispose) by default. */
  workDir?: string;
  /** The stack's config file; `<programDir>/Pulumi.<stack>.yaml` (where users keep it) by default. */
  configFile?: string;
  /** Added to the environment of the CLI, the providers it starts and the program. */
  env?: Record<string, string>;
  /** `--parallel` (the CLI's default otherwise). */
  parallel?: number;
  /**
   * Run the program through the language host the CLI starts itself for the project's runtime (a real
   * `pulumi-language-<runtime>`, next to the CLI or on PATH) instead of ./language-host.ts with `--client`.
   */
  realLanguageHost?: boolean;
  /**
   * Let the CLI download the plugins a program needs, as a regular installation does (off by default: every
   * plugin comes installed). PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES in `env` says where from.
   */
  pluginDownloads?: boolean;
}

export class PulumiStack {
  readonly stackName: string;
  readonly project: string;
  readonly workDir: string;
  readonly configFile: string;
  private readonly ownsWorkDir: boolean;
  private host: LanguageHost | undefined;
  private commands = 0;

  private constructor(private readonly options: PulumiStackOptions) {
    this.stackName = options.stack ?? "dev";
    this.project = projectName(options.programDir);
    this.ownsWorkDir = options.workDir === undefined;
    this.workDir = options.workDir ?? mkdtempSync(join(tmpdir(), "pulumi-stack-"));
    this.configFile = options.configFile ?? this.defaultConfigFile;
  }

  /** Creates (or selects, when `workDir` already holds it) the stack and sets its config. */
  static async create(options: PulumiStackOptions): Promise<PulumiStack> {
    const stack = new PulumiStack(options);
    mkdirSync(join(stack.workDir, "state"), { recursive: true });
    mkdirSync(join(stack.workDir, "home"), { recursive: true });
    const hadDefaultConfig = existsSync(stack.defaultConfigFile);
    await stack.cliOrThrow(["stack", "select", "--create", stack.stackName]);
    // A new stack's passphrase salt goes to the program folder's config file, whatever --config-file says
    // later: it belongs with the rest of the config.
    if (
      stack.configFile !== stack.defaultConfigFile &&
      !hadDefaultConfig &&
      existsSync(stack.defaultConfigFile)
    ) {
      if (!existsSync(stack.configFile)) copyFileSync(stack.defaultConfigFile, stack.configFile);
      rmSync(stack.defaultConfigFile);
    }
    const plain = Object.entries(options.config ?? {});
    if (plain.length > 0)
      await stack.cliOrThrow([
        "config",
        "set-all",
        ...stack.configFlags(),
        ...plain.flatMap(([key, value]) => ["--plaintext", `${key}=${value}`]),
      ]);
    for (const [key, value] of Object.entries(options.secrets ?? {}))
      await stack.setConfig(key, value, { secret: true });
    return stack;
  }

  /**
   * Another stack of this one's backend, home, passphrase and environment (the same object: a change to it
   * reaches both), its program in `programDir`: the destination of a `pulumi state move`, say.
   */
  sibling(
    stack: string,
    programDir: string,
    settings: Pick<PulumiStackOptions, "config" | "secrets">,
  ): Promise<PulumiStack> {
    return PulumiStack.create({
      ...this.options,
      ...settings,
      stack,
      programDir,
      workDir: this.workDir,
      configFile: undefined,
    });
  }

  private get defaultConfigFile(): string {
    return join(this.options.programDir, `Pulumi.${this.stackName}.yaml`);
  }

  get urnPrefix(): string {
    return `urn:pulumi:${this.stackName}::${this.project}::`;
  }

  /** The URN of a resource of this stack whose parent is the stack. */
  urn(type: string, name: string): string {
    return `${this.urnPrefix}${type}::${name}`;
  }

  preview(options: UpOptions = {}): Promise<OperationResult> {
    return this.command(
      "preview",
      [...upFlags(options), ...(options.plan ? ["--save-plan", options.plan] : [])],
      options,
    );
  }

  up(options: UpOptions = {}): Promise<OperationResult> {
    return this.command(
      "up",
      [
        "--yes",
        ...upFlags(options),
        ...(options.skipPreview ? ["--skip-preview"] : []),
        ...(options.plan ? ["--plan", options.plan] : []),
      ],
      options,
    );
  }

  refresh(options: RefreshOptions = {}): Promise<OperationResult> {
    const flags = [
      ...(options.previewOnly ? ["--preview-only"] : ["--yes"]),
      ...(options.skipPreview && !options.previewOnly ? ["--skip-preview"] : []),
      ...(options.clearPendingCreates ? ["--clear-pending-creates"] : []),
      ...(options.skipPendingCreates ? ["--skip-pending-creates"] : []),
      ...(options.expectNoChanges ? ["--expect-no-changes"] : []),
      // A string-array flag: one value per occurrence, the URN then its id, as the Go Automation API passes
      // them. `--import-pending-creates <urn> <id>` fails with "accepts 0 arg(s), received 1".
      ...(options.importPendingCreates ?? []).flatMap(({ urn, id }) => [
        `--import-pending-creates=${urn}`,
        `--import-pending-creates=${id}`,
      ]),
      ...(options.targets ?? []).flatMap((urn) => ["--target", urn]),
    ];
    return this.command("refresh", flags, options);
  }

  destroy(options: DestroyOptions = {}): Promise<OperationResult> {
    const flags = [
      "--yes",
      ...(options.skipPreview ? ["--skip-preview"] : []),
      ...(options.targets ?? []).flatMap((urn) => ["--target", urn]),
      ...(options.targetDependents ? ["--target-dependents"] : []),
      ...(options.excludeProtected ? ["--exclude-protected"] : []),
    ];
    return this.command("destroy", flags, options);
  }

  /**
   * `pulumi <args>` in this stack's environment, for what has no method here (state edits, import, ...).
   * `path`: folders searched for executables after the CLI's own and before PATH (a language host that
   * `pulumi import` loads itself, for instance).
   */
  async cli(
    args: string[],
    options: CommonOptions & { input?: string; path?: string[] } = {},
  ): Promise<CliRun> {
    const run = await runCli(
      this.options.cli,
      ["--cwd", this.options.programDir, "--non-interactive", ...args],
      { env: this.env(options.path), input: options.input, signal: options.signal, onLine: options.onOutput },
    );
    options.onExit?.();
    return run;
  }

  async setConfig(key: string, value: string, options: { secret?: boolean } = {}): Promise<void> {
    const args = ["config", "set", ...this.configFlags(), key];
    // Secrets travel on stdin, never on a command line another process could read.
    if (options.secret) await this.cliOrThrow([...args, "--secret"], value);
    else await this.cliOrThrow([...args, "--", value]);
  }

  async removeConfig(key: string): Promise<void> {
    await this.cliOrThrow(["config", "rm", ...this.configFlags(), key]);
  }

  private configFlags(): string[] {
    return ["--stack", this.stackName, "--config-file", this.configFile];
  }

  /** `pulumi stack export`: the state as stored, secrets encrypted. */
  async stateText(): Promise<string> {
    return (await this.cliOrThrow(["stack", "export", "--stack", this.stackName])).stdout;
  }

  /** `pulumi stack export --show-secrets`, secrets opened but still marked. */
  async snapshot(): Promise<Snapshot> {
    const exported = await this.cliOrThrow(["stack", "export", "--show-secrets", "--stack", this.stackName]);
    return decryptedSnapshot(exportedDeploymentSchema.parse(JSON.parse(exported.stdout)));
  }

  async resources(): Promise<ResourceState[]> {
    return (await this.snapshot()).resources;
  }

  async pendingOperations(): Promise<PendingOperation[]> {
    return (await this.snapshot()).pendingOperations;
  }

  /** The stack's outputs as stored, secrets opened. */
  async outputs(): Promise<Record<string, StackOutput>> {
    const root = (await this.resources()).find((resource) => resource.type === rootStackType);
    return Object.fromEntries(
      Object.entries(root?.outputs ?? {}).map(([key, value]) => [
        key,
        { value: unwrapSecrets(value), secret: isSecret(value) },
      ]),
    );
  }

  /** Every event log this stack's commands wrote, debug diagnostics included: what a leak scan reads. */
  eventLogText(): string {
    return readdirSync(this.workDir)
      .filter((file) => file.startsWith("events-"))
      .map((file) => readFileSync(join(this.workDir, file), "utf8"))
      .join("\n");
  }

  async dispose(): Promise<void> {
    await this.host?.close();
    this.host = undefined;
    if (this.ownsWorkDir) rmSync(this.workDir, { recursive: true, force: true });
  }

  /**
   * `pulumi <kind> <flags>` on this stack, its program run by the language host: for flags the methods
   * above do not name (a pipeline's own command lines, for instance).
   */
  async command(kind: CommandKind, flags: string[], options: CommonOptions = {}): Promise<OperationResult> {
    if (!this.options.realLanguageHost) this.host ??= await startLanguageHost({ env: this.options.env });
    const eventLog = join(this.workDir, `events-${++this.commands}-${kind}.jsonl`);
    const parallel = this.options.parallel === undefined ? [] : ["--parallel", String(this.options.parallel)];
    const started = performance.now();
    const run = await this.cli(
      [
        kind,
        "--stack",
        this.stackName,
        "--config-file",
        this.configFile,
        ...(this.host ? [`--client=${this.host.address}`] : []),
        "--event-log",
        eventLog,
        ...parallel,
        ...flags,
      ],
      options,
    );
    const events = readEventLog(readIfPresent(eventLog));
    const errors = events.log.filter((entry) => entry.severity === "error").map((entry) => entry.message);
    const failed = run.exitCode !== 0;
    return {
      kind,
      steps: events.steps,
      outputs: kind === "preview" || failed ? events.outputs : await this.outputs(),
      log: events.log,
      output: run.stdout + run.stderr,
      ...(failed
        ? {
            error: run.killed
              ? interruptedMessage
              : errors.join("\n") || run.stderr.trim() || `${kind} failed`,
          }
        : {}),
      exitCode: run.exitCode,
      durationMs: Math.round(performance.now() - started),
    };
  }

  private async cliOrThrow(args: string[], input?: string): Promise<CliRun> {
    const run = await this.cli(args, { input });
    if (run.exitCode !== 0)
      throw new Error(`pulumi ${args.slice(0, 3).join(" ")} failed: ${run.stderr || run.stdout}`);
    return run;
  }

  /** The offline environment every command of this stack runs in: all a `pulumi` command needs offline. */
  private env(path: string[] = []): NodeJS.ProcessEnv {
    return {
      ...process.env,
      ...this.options.env,
      // The CLI finds pulumi-resource-pulumi-nodejs (and the other bundled plugins) next to itself.
      PATH: [this.options.cli.dir, ...path, process.env.PATH ?? ""].join(":"),
      PULUMI_HOME: join(this.workDir, "home"),
      PULUMI_BACKEND_URL: `file://${join(this.workDir, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: this.options.passphrase ?? "test-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      ...(this.options.pluginDownloads ? {} : { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" }),
      PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
      // Unlocks --event-log, as the Automation API does.
      PULUMI_DEBUG_COMMANDS: "true",
      PULUMI_SKIP_CONFIRMATIONS: "true",
      NO_COLOR: "true",
    };
  }
}

export interface CliRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Killed through the signal. */
  killed: boolean;
}

/** Runs the CLI in a process group of its own, so that a kill takes the providers it started along. */
export function runCli(
  cli: PulumiCli,
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string; signal?: AbortSignal; onLine?(line: string): void },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(cli.bin, args, { env: options.env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let killed = false;
    const kill = () => {
      killed = true;
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    };
    if (options.signal?.aborted) kill();
    options.signal?.addEventListener("abort", kill, { once: true });
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (!options.onLine) return;
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      lines.forEach((line) => options.onLine?.(line));
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    // A CLI that exits before it reads its input closes the pipe: its exit code and stderr say what
    // happened, so the EPIPE of the write is not an error of its own (it failed a whole test file).
    child.stdin.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") reject(error);
    });
    child.stdin.end(options.input ?? "");
    child.on("error", reject);
    child.on("close", (exitCode) => {
      options.signal?.removeEventListener("abort", kill);
      if (pending) options.onLine?.(pending);
      resolve({ exitCode, stdout, stderr, killed });
    });
  });
}

function upFlags(options: UpOptions): string[] {
  return [
    ...(options.replace ?? []).flatMap((urn) => ["--replace", urn]),
    ...(options.targets ?? []).flatMap((urn) => ["--target", urn]),
    ...(options.targetDependents ? ["--target-dependents"] : []),
    ...(options.refresh ? ["--refresh"] : []),
    ...(options.expectNoChanges ? ["--expect-no-changes"] : []),
    ...(options.diff ? ["--diff"] : []),
    ...(options.policyPacks ?? []).flatMap(({ pack }) => ["--policy-pack", pack]),
    // One config per pack, in the packs' order: the CLI pairs them by position, so all or none.
    ...(options.policyPacks?.every(({ config }) => config !== undefined)
      ? options.policyPacks.flatMap(({ config }) => ["--policy-pack-config", config!])
      : []),
  ];
}

function projectName(programDir: string): string {
  const project = parseYaml(readFileSync(join(programDir, "Pulumi.yaml"), "utf8")) as { name?: unknown };
  if (typeof project.name !== "string") throw new Error(`${programDir}/Pulumi.yaml has no name`);
  return project.name;
}

function readIfPresent(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
