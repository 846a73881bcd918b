/**
 * A quickstart driver (examples/python-quickstart/run.py, examples/go-quickstart) run as a user runs it: the
 * pinned `pulumi` on PATH, the plugin installed from its tarball into a PULUMI_HOME of the scenario's own, a
 * file backend, the account in INTEGRATIONS_API_KEY/INTEGRATIONS_BASE_URL (which the driver moves into the
 * stack's config). Each command prints one JSON line (`--json`), read here.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { z } from "zod";
import { createStageRoot } from "../../support/packed-package";
import { pinnedCli } from "../../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./plugin-tarball";
import { standInLanguageHosts } from "./stand-in-language-host";

const ROOT = join(__dirname, "..", "..", "..");

const stepSchema = z.object({
  op: z.string(),
  urn: z.string(),
  type: z.string(),
  name: z.string(),
  diffs: z.array(z.string()),
  replaces: z.array(z.string()),
  /** How the step ended (for a refresh: "same", "update" for drift, "delete" for gone). */
  result: z.string().optional(),
});

const resultSchema = z.object({
  command: z.string(),
  changes: z.record(z.string(), z.number()).optional(),
  outputs: z.record(z.string(), z.json()).optional(),
  steps: z.array(stepSchema),
  error: z.string().optional(),
});

export type DriverStep = z.infer<typeof stepSchema>;
export interface DriverRun extends z.infer<typeof resultSchema> {
  /** The CLI's output and the driver's messages (stderr). */
  log: string;
  durationMs: number;
}

export interface DriverCommand {
  /** The executable and the arguments before the driver's own (e.g. python and run.py). */
  command: string;
  args: string[];
  /** Added to the driver's environment (e.g. PYTHONPATH). */
  env?: Record<string, string>;
}

export interface QuickstartAccount {
  baseUrl: string;
  apiKey: string;
}

export class QuickstartDriver {
  private constructor(
    private readonly driver: DriverCommand,
    private readonly account: QuickstartAccount,
    /** The workspace (Pulumi.yaml, the stack's settings and config), the state and PULUMI_HOME. */
    readonly workDir: string,
    /** Where `pulumi import` finds a `pulumi-language-<runtime>` (./stand-in-language-host.ts). */
    private readonly languageHosts: string,
    /** The CLI downloads the plugin, with these variables (where from); else it comes installed. */
    private readonly pluginDownloads: Record<string, string> | undefined,
  ) {}

  /**
   * A new scenario folder under the run's stage folder: the plugin's tarball installed in its home, or, with
   * `pluginDownloads` (the download overrides), an empty home from which the CLI downloads the plugin itself.
   */
  static async create(
    driver: DriverCommand,
    account: QuickstartAccount,
    options: { pluginDownloads?: Record<string, string> } = {},
  ): Promise<QuickstartDriver> {
    const workDir = mkdtempSync(join(createStageRoot(), "quickstart-"));
    mkdirSync(join(workDir, "state"));
    if (options.pluginDownloads === undefined) {
      const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
      installPlugin(
        pinnedCli().bin,
        join(workDir, "home"),
        version,
        await pluginTarball(),
        process.env.PATH ?? "",
      );
    }
    return new QuickstartDriver(
      driver,
      account,
      workDir,
      standInLanguageHosts(["python", "go"]),
      options.pluginDownloads,
    );
  }

  /** PULUMI_HOME: the plugins the CLI installed are in its plugins/ folder. */
  get home(): string {
    return join(this.workDir, "home");
  }

  get workspace(): string {
    return join(this.workDir, "workspace");
  }

  /**
   * `<driver> --json --work-dir <workspace> <args>`; `secrets` are given as `--secret KEY=ENV` with the
   * value in the environment. Resolves with the driver's result, a failed command's included.
   */
  async run(args: string[], secrets: Record<string, string> = {}): Promise<DriverRun> {
    const secretFlags = Object.keys(secrets).flatMap((key, index) => [
      "--secret",
      `${key}=QUICKSTART_SECRET_${index}`,
    ]);
    const secretEnv = Object.fromEntries(
      Object.values(secrets).map((value, index) => [`QUICKSTART_SECRET_${index}`, value]),
    );
    const started = performance.now();
    const { stdout, stderr } = await promisify(execFile)(
      this.driver.command,
      [...this.driver.args, "--json", "--work-dir", this.workspace, ...secretFlags, ...args],
      {
        env: { ...this.env(args.includes("import")), ...secretEnv },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      if (!error.stdout?.trim()) throw new Error(`the driver failed: ${error.stderr || error.message}`);
      return { stdout: error.stdout, stderr: error.stderr ?? "" };
    });
    const last = stdout.trim().split("\n").pop() ?? "";
    const result = resultSchema.parse(JSON.parse(last));
    return { ...result, log: stderr, durationMs: Math.round(performance.now() - started) };
  }

  /** `pulumi stack export` of the stack (secrets encrypted, as stored). */
  async exportedState(stack = "dev"): Promise<string> {
    const { stdout } = await promisify(execFile)(
      pinnedCli().bin,
      ["stack", "export", "--stack", stack, "--cwd", this.workspace],
      { env: this.env(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  }

  /** The driver's environment; `pulumi import` alone also gets the stand-in language hosts on PATH. */
  private env(importing = false): NodeJS.ProcessEnv {
    const path = [pinnedCli().dir, ...(importing ? [this.languageHosts] : []), process.env.PATH ?? ""];
    return {
      ...process.env,
      ...this.driver.env,
      PATH: path.join(":"),
      PULUMI_HOME: join(this.workDir, "home"),
      PULUMI_BACKEND_URL: `file://${join(this.workDir, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "quickstart-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      ...(this.pluginDownloads ?? { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true" }),
      PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
      NO_COLOR: "true",
      INTEGRATIONS_API_KEY: this.account.apiKey,
      INTEGRATIONS_BASE_URL: this.account.baseUrl,
    };
  }
}
