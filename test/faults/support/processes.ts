/** Finding and ending the child processes a scenario started, by pid; polling for a condition. */
import { readFileSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The dynamic-provider processes running in `programDir`: the engine starts them with the program
 * directory as their cwd, and each test stages its program under a name of its own, so this finds only
 * the processes of the calling test.
 */
export function dynamicProviderPids(programDir: string): number[] {
  const dir = realpathSync(programDir);
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (commandLine.includes("cmd/dynamic-provider") && readlinkSync(`/proc/${entry}/cwd`) === dir) {
        pids.push(Number(entry));
      }
    } catch {
      // The process ended while being looked at, or is not ours to inspect.
    }
  }
  return pids;
}

export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}
