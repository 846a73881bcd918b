/**
 * A TypeScript program of the plugin's Node.js SDK, as a QuickstartRunner: staged with the built SDK in its
 * node_modules and type-checked against it, then run by the real CLI through the project's language host
 * (tools/pulumi/stack.ts, as test/e2e runs programs), with the plugin installed from its tarball into the
 * stack's PULUMI_HOME. The commands and results are the drivers' (./quickstart-driver.ts), so one scenario
 * serves every language.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { readEventLog } from "../../../tools/pulumi/events";
import { PulumiStack } from "../../../tools/pulumi/stack";
import type { OperationResult } from "../../../tools/pulumi/types";
import { installNodeSdk } from "../../../tools/sdk/nodejs";
import { compileProgram, createStageRoot } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./plugin-tarball";
import type { DriverRun, QuickstartAccount } from "./quickstart-driver";
import type { QuickstartRunner } from "./quickstart-scenario";
import { standInLanguageHosts } from "./stand-in-language-host";

const ROOT = join(__dirname, "..", "..", "..");

/**
 * Copies `sourceDir` into the run's stage folder, installs the SDK into it, type-checks it with its own
 * tsconfig.json and compiles it to JavaScript (so that each run does not pay for ts-node).
 */
export async function stageSdkProgram(sourceDir: string, name: string): Promise<string> {
  const stage = createStageRoot();
  mkdirSync(join(stage, "programs"), { recursive: true });
  const programDir = mkdtempSync(join(stage, "programs", `${name}-`));
  cpSync(sourceDir, programDir, { recursive: true, filter: (path) => !path.includes("node_modules") });
  await installNodeSdk(programDir);
  const tsc = require.resolve("typescript/bin/tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", programDir, "--noEmit"]).catch(
    (error: { stdout?: string; message: string }) => {
      throw new Error(`${name} does not type-check against the SDK:\n${error.stdout || error.message}`);
    },
  );
  compileProgram(programDir);
  return programDir;
}

/**
 * Copies the Pulumi YAML program in `sourceDir` (test/plugin/yaml-programs/<behaviour>) into the run's stage
 * folder, where the test may edit it; YAML needs no SDK and no build.
 */
export function stageYamlProgram(sourceDir: string, name: string): string {
  const programDir = newProgramDir(name);
  cpSync(sourceDir, programDir, { recursive: true });
  return programDir;
}

/** A Pulumi YAML program given as its text (a block of the docs), staged as stageYamlProgram stages a folder. */
export function stageYamlText(program: string, name: string): string {
  const programDir = newProgramDir(name);
  writeFileSync(join(programDir, "Pulumi.yaml"), program);
  return programDir;
}

function newProgramDir(name: string): string {
  const stage = createStageRoot();
  mkdirSync(join(stage, "programs"), { recursive: true });
  return mkdtempSync(join(stage, "programs", `${name}-`));
}

/**
 * A new stack of a staged YAML program on the real `pulumi-language-yaml`, the one next to the pinned CLI
 * (ambient plugins off: never one on PATH), the plugin installed in its home.
 */
export function yamlPluginStack(
  programDir: string,
  options: Omit<Parameters<typeof pluginStack>[1], "realLanguageHost">,
): Promise<PulumiStack> {
  return pluginStack(programDir, {
    ...options,
    env: Object.assign(options.env ?? {}, { PULUMI_IGNORE_AMBIENT_PLUGINS: "true" }),
    realLanguageHost: true,
  });
}

/** A new stack of the staged program with this config, the plugin installed in its home. */
export async function pluginStack(
  programDir: string,
  options: {
    config?: Record<string, string>;
    secrets?: Record<string, string>;
    /** Added to the environment of the CLI, the plugin and the program (PulumiStackOptions.env). */
    env?: Record<string, string>;
    /** The program runs on the real language host of its runtime (PulumiStackOptions.realLanguageHost). */
    realLanguageHost?: boolean;
    /** Installs more plugins into the stack's PULUMI_HOME (a language host). */
    installInHome?: (home: string) => Promise<void>;
  },
): Promise<PulumiStack> {
  const tarball = await pluginTarball();
  const workDir = mkdtempSync(join(createStageRoot(), "plugin-stack-"));
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  installPlugin(pinnedCli().bin, join(workDir, "home"), version, tarball, process.env.PATH ?? "");
  await options.installInHome?.(join(workDir, "home"));
  return PulumiStack.create({
    cli: pinnedCli(),
    programDir,
    workDir,
    config: options.config,
    secrets: options.secrets,
    env: options.env,
    realLanguageHost: options.realLanguageHost,
  });
}

export class QuickstartStack implements QuickstartRunner {
  private imports = 0;

  private constructor(
    private readonly stack: PulumiStack,
    /** `pulumi-language-nodejs` for `pulumi import`, which loads one itself. */
    private readonly languageHosts: string,
  ) {}

  static async create(sourceDir: string, account: QuickstartAccount): Promise<QuickstartStack> {
    const programDir = await stageSdkProgram(sourceDir, "plugin-quickstart");
    // The account in the stack config, as the drivers set it: the default provider reads it.
    const stack = await pluginStack(programDir, {
      config: { "integrations:baseUrl": account.baseUrl },
      secrets: { "integrations:apiKey": account.apiKey },
    });
    return new QuickstartStack(stack, standInLanguageHosts(["nodejs"]));
  }

  /**
   * A runner of a stack made otherwise (another language's program); `languageHosts` is a folder searched for
   * the language host `pulumi import` loads, before PATH ("" for none: the CLI's own folder and PATH).
   */
  static forStack(stack: PulumiStack, languageHosts: string): QuickstartStack {
    return new QuickstartStack(stack, languageHosts);
  }

  async run(args: string[], secrets: Record<string, string> = {}): Promise<DriverRun> {
    const rest = [...args];
    while (rest[0] === "--config") {
      const [key, ...value] = (rest[1] ?? "").split("=");
      await this.stack.setConfig(key!, value.join("="));
      rest.splice(0, 2);
    }
    for (const [key, value] of Object.entries(secrets))
      await this.stack.setConfig(key, value, { secret: true });
    const [command, ...operands] = rest;
    switch (command) {
      case "up":
        return driverRun(await this.stack.up({ skipPreview: true }));
      case "preview":
        return driverRun(
          await this.stack.preview({ expectNoChanges: operands.includes("--expect-no-changes") }),
        );
      case "refresh":
        return driverRun(await this.stack.refresh({ skipPreview: true }));
      case "destroy":
        return driverRun(await this.stack.destroy({ skipPreview: true }));
      case "import":
        return driverRun(await this.import(operands));
      default:
        throw new Error(`unknown command ${command}`);
    }
  }

  exportedState(): Promise<string> {
    return this.stack.stateText();
  }

  dispose(): Promise<void> {
    return this.stack.dispose();
  }

  /** `pulumi import <type> <name> <id> --generate-code=false`, its engine events in an event log. */
  private async import(operands: string[]): Promise<OperationResult> {
    const eventLog = join(this.stack.workDir, `events-import-${++this.imports}.jsonl`);
    const started = performance.now();
    const run = await this.stack.cli(
      [
        "import",
        ...operands,
        ...["--stack", this.stack.stackName, "--generate-code=false", "--yes", "--skip-preview"],
        ...["--event-log", eventLog],
      ],
      { path: this.languageHosts ? [this.languageHosts] : [] },
    );
    const events = readEventLog(readFileSync(eventLog, "utf8"));
    return {
      kind: "import",
      steps: events.steps,
      outputs: await this.stack.outputs(),
      log: events.log,
      output: run.stdout + run.stderr,
      ...(run.exitCode === 0 ? {} : { error: run.stderr.trim() || "import failed" }),
      exitCode: run.exitCode,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

/** A CLI command's result as a driver reports it: changes counted by op, secret outputs hidden. */
function driverRun(result: OperationResult): DriverRun {
  const changes: Record<string, number> = {};
  for (const step of result.steps) changes[step.op] = (changes[step.op] ?? 0) + 1;
  return {
    command: result.kind,
    changes,
    outputs: Object.fromEntries(
      Object.entries(result.outputs).map(([key, output]) => [key, output.secret ? "[secret]" : output.value]),
    ) as DriverRun["outputs"],
    steps: result.steps.map((step) => ({
      op: step.op,
      urn: step.urn,
      type: step.type,
      name: step.name,
      diffs: step.diffs ?? [],
      replaces: step.replaces ?? [],
      ...(step.result === undefined ? {} : { result: step.result }),
    })),
    ...(result.error === undefined ? {} : { error: result.error }),
    log: result.output,
    durationMs: result.durationMs,
  };
}
