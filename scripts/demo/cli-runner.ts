/**
 * Runs a demo stack with the real Pulumi CLI: a file backend and a passphrase under .demo/, the stack
 * config in .demo/ (so the examples stay clean), and the API key in the environment, never on a command
 * line. The CLI prints the changes and outputs itself.
 */
import { spawnSync } from "node:child_process";
import { basename, delimiter, join } from "node:path";
import { existsSync } from "node:fs";
import type { RunOptions, RunOutcome } from "./run-options";

export function findPulumiCli(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, process.platform === "win32" ? "pulumi.exe" : "pulumi");
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export async function runWithCli({
  operation,
  paths,
  demo,
  stack,
  baseUrl,
}: RunOptions): Promise<RunOutcome> {
  const configFile = join(paths.demoDir, `Pulumi.${basename(stack.program)}.dev.yaml`);
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${paths.stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: demo.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    INTEGRATIONS_API_KEY: demo.apiKey,
  };
  const pulumi = (args: string[], io: { input?: string; capture?: boolean } = {}) =>
    spawnSync("pulumi", [...args, "--cwd", stack.program, "--non-interactive"], {
      env,
      input: io.input,
      stdio: [io.input === undefined ? "inherit" : "pipe", io.capture ? "pipe" : "inherit", "inherit"],
    });
  const config = { ...stack.config, "integrations:baseUrl": baseUrl };
  const steps: (() => number)[] = [
    () => pulumi(["stack", "select", "dev", "--create"]).status ?? 1,
    ...Object.entries(config).map(
      ([key, value]) =>
        () =>
          pulumi(["config", "set", key, value, "--config-file", configFile]).status ?? 1,
    ),
    // Secrets travel on stdin, not in the process list.
    ...Object.entries(stack.secrets).map(
      ([key, value]) =>
        () =>
          pulumi(["config", "set", "--secret", key, "--config-file", configFile], { input: value }).status ??
          1,
    ),
    () => pulumi([operation, "--yes", "--config-file", configFile]).status ?? 1,
  ];
  for (const step of steps) {
    const status = step();
    if (status !== 0) return { code: status, outputs: {} };
  }
  if (operation === "destroy") return { code: 0, outputs: {} };
  // The demo hands the webhook secret to its receiver.
  const shown = pulumi(["stack", "output", "--json", "--show-secrets"], { capture: true });
  return {
    code: shown.status ?? 1,
    outputs: JSON.parse(shown.stdout.toString() || "{}") as Record<string, unknown>,
  };
}
