/**
 * The emulator as its command runs it (`integrations-emulator`, from the packed package), in a process
 * of its own so that it can be killed and started again on the same port with the same `--data` file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { packedPackageDir } from "../../support/packed-package";

export interface EmulatorProcess {
  url: string;
  port: number;
  /** Ends the process with the signal and waits for it to exit. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

export interface EmulatorProcessOptions {
  port: number;
  dataFile: string;
  apiKey: string;
  jitterMs?: number;
}

export async function startEmulatorProcess(options: EmulatorProcessOptions): Promise<EmulatorProcess> {
  const cli = join(await packedPackageDir(), "dist", "emulator", "cli.js");
  const args = [cli, "--port", String(options.port), "--data", options.dataFile, "--quiet"];
  if (options.jitterMs !== undefined) args.push("--jitter", String(options.jitterMs));
  // The key goes through the environment, not the command line (which any local user can read).
  const child = spawn(process.execPath, args, {
    env: { ...process.env, INTEGRATIONS_EMULATOR_API_KEYS: options.apiKey },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await listeningUrl(child, exited);
  return {
    url,
    port: Number(new URL(url).port),
    stop: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

function listeningUrl(child: ChildProcess, exited: Promise<void>): Promise<string> {
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on("line", (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the emulator exited before listening: ${stderr.join("")}`)));
  });
}
