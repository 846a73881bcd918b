/**
 * Killing a command of the real CLI at a precise point: after the server has carried out a request and
 * answered it, before the provider has read the answer. So the remote object exists (or changed, or is
 * gone) and the checkpoint still shows the operation as pending.
 *
 * How: the emulator holds the matching request (a latency fault on it), which says when the request has
 * arrived; the dynamic provider process is then frozen (SIGSTOP), the emulator answers into its socket,
 * and the CLI is killed (SIGKILL to its process group: the `signal` of PulumiStack's commands). The CLI
 * starts every plugin in a process group of its own, so that kill does not reach the provider: it is
 * killed next, as a CI runner ending the job would, and never hears its answer. Killing only the provider
 * (the CLI carries on) is the other case the README's recovery section describes.
 *
 * The answer must be written before anything is killed: the emulator drops a held request whose client
 * has gone (the handler never runs), so killing the provider while the request is held makes nothing.
 */
import type { RunningEmulator } from "../../../src/emulator";
import type { PulumiStack } from "../../../tools/pulumi/stack";
import { interruptedMessage } from "../../../tools/pulumi/types";
import type { OperationResult } from "../../../tools/pulumi/types";
import { dynamicProviderPids, killAll, waitFor } from "./processes";

/** How long the emulator holds the request: long enough to find and freeze the provider meanwhile. */
const HOLD_MS = 2_500;

export interface KilledRun {
  result: OperationResult;
  /** The provider processes frozen, then killed (one: the CLI runs one provider per deployment). */
  frozenPids: number[];
}

/**
 * Runs `command` and kills it once the first `<method> <route>` request it makes has been answered by the
 * server. Only that request is held; the scenario makes sure it is the only one of its kind in flight.
 * `kill: "provider"` kills only the provider process and lets the CLI carry on without it.
 */
export async function killAfterAnswer(
  emulator: RunningEmulator,
  /** The stack's program folder, where its provider runs. */
  programDir: string,
  request: { method: string; route: string },
  command: (signal: AbortSignal) => Promise<OperationResult>,
  { kill: victim = "cli" }: { kill?: "cli" | "provider" } = {},
): Promise<KilledRun> {
  const answeredBefore = emulator.requestLog.count(request);
  emulator.setFaults({ latencyMs: HOLD_MS, match: [`${request.method} ${request.route}`], remaining: 1 });
  const kill = new AbortController();
  const running = command(kill.signal);
  let frozenPids: number[] = [];
  try {
    await waitFor(`the ${request.method} to arrive`, () => emulator.faults().remaining === 0);
    frozenPids = dynamicProviderPids(programDir);
    for (const pid of frozenPids) process.kill(pid, "SIGSTOP");
    await waitFor(
      `the ${request.method} to be answered`,
      () => emulator.requestLog.count(request) > answeredBefore,
    );
  } catch (error) {
    kill.abort();
    throw error;
  } finally {
    if (victim === "cli") kill.abort();
    killAll(frozenPids);
  }
  const result = await running;
  emulator.clearFaults();
  if (victim === "cli" && result.error !== interruptedMessage)
    throw new Error(`the ${result.kind} ended before it was killed: ${result.error ?? "it succeeded"}`);
  return { result, frozenPids };
}

/**
 * `pulumi cancel`: a killed command leaves its lock in the file backend (only the command that took the
 * lock deletes its lock file, when it unlocks), and every later command that writes the stack stops on it
 * until the lock is removed.
 */
export async function cancel(stack: PulumiStack): Promise<string> {
  const run = await stack.cli(["cancel", "--yes", "--stack", stack.stackName]);
  if (run.exitCode !== 0) throw new Error(`pulumi cancel failed: ${run.stderr}`);
  return run.stdout;
}
