/** Test-engine stacks of the benchmark programs, configured for the emulator (or for no API at all). */
import os from "node:os";
import type { RunningEmulator } from "../../src/emulator";
import { TestStack } from "../../test/engine";

/**
 * `--parallel` for every stack: the Pulumi CLI's default since January 2024 is 4 x the CPU count (pulumi/pulumi
 * #15016). The test engine hands it to the program only; the Node SDK serializes at 1 and otherwise sends
 * every registration at once, and the test engine runs every step it is sent (no bound of its own).
 */
export const BENCH_PARALLEL = 4 * os.cpus().length;

export interface ProgramSettings {
  count: number;
  enabled?: boolean;
  scopes?: string;
}

export async function createBenchStack(
  programDir: string,
  options: { stack: string; emulator?: RunningEmulator; settings: ProgramSettings; timeoutMs?: number },
): Promise<TestStack> {
  const stack = await TestStack.create(programDir, {
    stack: options.stack,
    parallel: BENCH_PARALLEL,
    timeoutMs: options.timeoutMs ?? 600_000,
    secrets: {
      "bench:clientSecret": "bench-client-secret",
      ...(options.emulator ? { "integrations:apiKey": options.emulator.apiKey } : {}),
    },
    config: options.emulator ? { "integrations:baseUrl": options.emulator.url } : {},
  });
  applySettings(stack, options.settings);
  return stack;
}

export function applySettings(stack: TestStack, settings: ProgramSettings): void {
  stack.setConfig("bench:count", String(settings.count));
  stack.setConfig("bench:enabled", String(settings.enabled ?? true));
  stack.setConfig("bench:scopes", settings.scopes ?? "repo");
}

/** An operation that failed is a broken benchmark, not a figure. */
export function assertSucceeded(operation: string, result: { error?: string }): void {
  if (result.error !== undefined) throw new Error(`${operation} failed: ${result.error}`);
}
