/** Stacks of the benchmark programs on the real `pulumi` CLI, configured for the emulator (or for no API at all). */
import os from "node:os";
import type { RunningEmulator } from "../../src/emulator";
import { builtCli, type PulumiCli } from "../../tools/pulumi/cli";
import { PulumiStack } from "../../tools/pulumi/stack";

/**
 * `--parallel` for every stack, passed explicitly: the CLI's default since January 2024 is 4 x the CPU count,
 * and the figures should not depend on that default changing. It bounds the provider steps the engine runs
 * at once (creates, updates, reads, deletes).
 */
export const BENCH_PARALLEL = 4 * os.cpus().length;

export interface ProgramSettings {
  count: number;
  enabled?: boolean;
  scopes?: string;
}

/** The pinned CLI; the benchmarks never build it (a cold build takes many minutes). */
export function benchCli(): PulumiCli {
  const cli = builtCli();
  if (!cli) throw new Error("The pinned pulumi CLI is not built: run `npm run pulumi` before the benchmarks");
  return cli;
}

export function createBenchStack(
  programDir: string,
  options: { stack: string; emulator?: RunningEmulator; settings: ProgramSettings },
): Promise<PulumiStack> {
  return PulumiStack.create({
    cli: benchCli(),
    programDir,
    stack: options.stack,
    parallel: BENCH_PARALLEL,
    secrets: {
      "bench:clientSecret": "bench-client-secret",
      ...(options.emulator ? { "integrations:apiKey": options.emulator.apiKey } : {}),
    },
    config: {
      ...(options.emulator ? { "integrations:baseUrl": options.emulator.url } : {}),
      ...settingsConfig(options.settings),
    },
  });
}

/** Changes the program's settings before the stack's next command. */
export async function applySettings(stack: PulumiStack, settings: ProgramSettings): Promise<void> {
  for (const [key, value] of Object.entries(settingsConfig(settings))) await stack.setConfig(key, value);
}

function settingsConfig(settings: ProgramSettings): Record<string, string> {
  return {
    "bench:count": String(settings.count),
    "bench:enabled": String(settings.enabled ?? true),
    "bench:scopes": settings.scopes ?? "repo",
  };
}

/** An operation that failed is a broken benchmark, not a figure. */
export function assertSucceeded(operation: string, result: { error?: string }): void {
  if (result.error !== undefined) throw new Error(`${operation} failed: ${result.error}`);
}
