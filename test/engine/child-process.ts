/** Node child processes whose output is read line by line, and which are never left running. */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";

export type StreamName = "stdout" | "stderr";

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcess {
  child: ChildProcess;
  exited: Promise<ProcessExit>;
  /** Ends the process (SIGKILL after a grace period) and waits for it. */
  kill(): Promise<ProcessExit>;
}

export function spawnNode(
  script: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; onLine: (stream: StreamName, line: string) => void },
): NodeProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd,
    // Output is read by tests and shown in logs, not on a terminal: no colour codes (in stack traces).
    env: { ...options.env, FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const streamsClosed = Promise.all([
    readLines(child.stdout, (line) => options.onLine("stdout", line)),
    readLines(child.stderr, (line) => options.onLine("stderr", line)),
  ]);
  const exited = new Promise<ProcessExit>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  }).then(async (exit) => {
    await streamsClosed;
    return exit;
  });
  const kill = async (): Promise<ProcessExit> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    }
    return exited;
  };
  return { child, exited, kill };
}

function readLines(stream: Readable | null, onLine: (line: string) => void): Promise<void> {
  if (!stream) return Promise.resolve();
  stream.setEncoding("utf8");
  let buffered = "";
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split(/\r?\n/);
    buffered = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  return new Promise((resolve) =>
    stream.once("close", () => {
      if (buffered) onLine(buffered);
      resolve();
    }),
  );
}
