/** Finding, freezing and ending the processes a scenario started, by pid; polling for a condition. */
import { readFileSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The dynamic-provider processes running in `programDir`. The CLI starts each plugin with the program
 * directory as its working directory: `pulumi-resource-pulumi-nodejs` is a shell script that runs
 * `node <@pulumi/pulumi>/cmd/dynamic-provider`, the process that makes the HTTP calls. Each test stages its
 * program under a name of its own, so this finds only the processes of the calling test.
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

/** SIGKILLs each pid that still exists (a frozen process is killed too: SIGKILL needs no SIGCONT). */
export function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
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

/** Waits until `read` has returned the same value for `quietMs` in a row (something has stopped moving). */
export async function waitUntilSteady(
  what: string,
  read: () => Promise<number>,
  { quietMs = 2_500, timeoutMs = 60_000, intervalMs = 250 } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} to settle`);
    await sleep(intervalMs);
    const next = await read();
    if (next !== value) [value, since] = [next, Date.now()];
  }
  return value;
}
