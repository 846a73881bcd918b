import type { RequestLogEntry, RunningEmulator } from "../../../src/emulator";
import type { OperationResult } from "../../../tools/pulumi/types";

/** A CLI command's result and the writes the emulator received during it. */
export interface RecordedRun extends OperationResult {
  /** Every request but GETs, as "METHOD route". */
  writes: string[];
}

/**
 * Runs one CLI command against a clear request log and records its writes. A failed command throws, with the
 * CLI's output, unless the scenario expects failures (`allowFailure`) and asserts on `error` itself.
 */
export async function recordWrites(
  emulator: RunningEmulator,
  command: () => Promise<OperationResult>,
  options: { allowFailure?: boolean } = {},
): Promise<RecordedRun> {
  emulator.requestLog.clear();
  const result = await command();
  if (result.error !== undefined && options.allowFailure !== true)
    throw new Error(`${result.kind} failed: ${result.error}\n${result.output}`);
  const writes = emulator.requestLog
    .entries()
    .filter((entry: RequestLogEntry) => entry.method !== "GET")
    .map((entry: RequestLogEntry) => `${entry.method} ${entry.route}`);
  return { ...result, writes };
}
