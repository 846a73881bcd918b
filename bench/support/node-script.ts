/** TypeScript scripts of bench/processes/ run in processes of their own; each reports one JSON line. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface ScriptProcess {
  /** The first line the script printed, parsed as JSON. */
  report: Promise<unknown>;
  stop(): Promise<void>;
}

export function startScript(name: string, args: string[], env: Record<string, string>): ScriptProcess {
  const script = join(__dirname, "..", "processes", name);
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const report = new Promise<unknown>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line)));
    child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before reporting`)));
  });
  return {
    report,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
