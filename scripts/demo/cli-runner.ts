/**
 * Runs the quickstart with the real Pulumi CLI: a file backend and a passphrase under .demo/, the stack
 * config in .demo/ (so the example stays clean), and the API key in the environment, never on a command
 * line. The CLI prints the changes and outputs itself.
 */
import { spawnSync } from "node:child_process";
import { delimiter, join } from "node:path";
import { existsSync } from "node:fs";
import type { RunOptions } from "./run-options";

export function findPulumiCli(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, process.platform === "win32" ? "pulumi.exe" : "pulumi");
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export async function runWithCli({ operation, paths, demo, baseUrl }: RunOptions): Promise<number> {
  const configFile = join(paths.demoDir, "Pulumi.dev.yaml");
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${paths.stateDir}`,
    PULUMI_CONFIG_PASSPHRASE: demo.passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    INTEGRATIONS_API_KEY: demo.apiKey,
  };
  const pulumi = (args: string[], input?: string) =>
    spawnSync("pulumi", [...args, "--cwd", paths.program, "--non-interactive"], {
      env,
      input,
      stdio: [input === undefined ? "inherit" : "pipe", "inherit", "inherit"],
    }).status ?? 1;
  const steps: (() => number)[] = [
    () => pulumi(["stack", "select", "dev", "--create"]),
    () => pulumi(["config", "set", "integrations:baseUrl", baseUrl, "--config-file", configFile]),
    ...Object.entries(demo.config).map(
      ([key, value]) =>
        () =>
          pulumi(["config", "set", key, value, "--config-file", configFile]),
    ),
    // The secret travels on stdin, not in the process list.
    () =>
      pulumi(
        [
          "config",
          "set",
          "--secret",
          "integrations-quickstart:githubClientSecret",
          "--config-file",
          configFile,
        ],
        demo.githubClientSecret,
      ),
    () => pulumi([operation, "--yes", "--config-file", configFile]),
  ];
  for (const step of steps) {
    const status = step();
    if (status !== 0) return status;
  }
  return 0;
}
