/**
 * Runs a Pulumi program the way pulumi-language-nodejs does: `node @pulumi/pulumi/cmd/run` with the
 * monitor and engine addresses, the stack's decrypted config in PULUMI_CONFIG and TypeScript compiled by
 * the SDK's ts-node (see ../../../shared/design/engine-protocol.md "The program").
 */
import { spawnNode } from "./child-process";
import type { ProcessExit, StreamName } from "./child-process";
import type { ProgramDir } from "./program-dir";

export interface ProgramRunOptions {
  program: ProgramDir;
  serverAddress: string;
  project: string;
  stack: string;
  dryRun: boolean;
  parallel: number;
  /** Decrypted values keyed `<namespace>:<name>`. */
  config: Readonly<Record<string, string>>;
  secretKeys: readonly string[];
  env: Readonly<Record<string, string>>;
  typecheck: boolean;
  timeoutMs: number;
  onLine(stream: StreamName, line: string): void;
  /** Aborting it SIGKILLs the program, as a killed CLI takes its language host down. */
  signal?: AbortSignal;
}

export interface ProgramExit extends ProcessExit {
  timedOut: boolean;
}

export async function runProgram(options: ProgramRunOptions): Promise<ProgramExit> {
  const args = [
    "--monitor",
    options.serverAddress,
    "--engine",
    options.serverAddress,
    // The organization the local file backend reports.
    "--organization",
    "organization",
    "--project",
    options.project,
    "--stack",
    options.stack,
    "--pwd",
    options.program.dir,
    ...(options.dryRun ? ["--dry-run"] : []),
    "--query-mode",
    "false",
    "--parallel",
    String(options.parallel),
    options.program.entry,
  ];
  const programConfig: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.config)) programConfig[programConfigKey(key)] = value;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PULUMI_CONFIG: JSON.stringify(programConfig),
    PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(options.secretKeys),
    PULUMI_NODEJS_TYPESCRIPT: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: options.typecheck ? "false" : "true",
  };
  const child = spawnNode(options.program.runScript, args, {
    cwd: options.program.dir,
    env,
    onLine: options.onLine,
  });
  const killNow = (): boolean => child.child.kill("SIGKILL");
  options.signal?.addEventListener("abort", killNow, { once: true });
  if (options.signal?.aborted) killNow();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void child.kill();
  }, options.timeoutMs);
  try {
    return { ...(await child.exited), timedOut };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", killNow);
  }
}

/** The program reads `<namespace>:config:<name>` (runtime/config.js); the stack's key is `<namespace>:<name>`. */
function programConfigKey(key: string): string {
  const separator = key.indexOf(":");
  return `${key.slice(0, separator)}:config:${key.slice(separator + 1)}`;
}
