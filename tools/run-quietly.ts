/** Runs a command for its output: quiet while it works, and when it fails an error that carries what it printed. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export async function runQuietly(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, {
      ...options,
      encoding: "utf8",
      maxBuffer: 32 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    const printed = `${stdout ?? ""}${stderr ?? ""}`.trim();
    throw new Error(`${command} ${args.join(" ")} failed: ${printed || String(error)}`);
  }
}
