/** Stacks of the benchmark programs on the real `pulumi` CLI, configured for the emulator (or for no API at all). */
import os from "node:os";
import { join } from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { installPlugin } from "../../test/plugin/support/plugin-tarball";
import { builtCli, type PulumiCli } from "../../tools/pulumi/cli";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { PluginBuild } from "./null-plugin";

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
  /** No `name`: the connectors are autonamed. */
  autoname?: boolean;
}

/** The pinned CLI, which `npm run bench` builds first when it is not built (`npm run pulumi`). */
export function benchCli(): PulumiCli {
  const cli = builtCli();
  if (!cli) throw new Error("The pinned pulumi CLI is not built: run `npm run pulumi` before the benchmarks");
  return cli;
}

/**
 * A stack of a benchmark program. With `plugin`, that plugin tarball is installed into the stack's own
 * PULUMI_HOME (`pulumi plugin install resource integrations <version> --file ...`, as users install it), and
 * with `requestVersion` the program asks for that version (`bench:pluginVersion`): how the null plugin, a
 * version of its own, is chosen over the SDK's default.
 */
export async function createBenchStack(
  programDir: string,
  options: {
    stack: string;
    emulator?: RunningEmulator;
    settings: ProgramSettings;
    plugin?: PluginBuild;
    requestVersion?: boolean;
    /** Added to the environment of the CLI, its providers and the program (../profile.ts's profiling). */
    env?: Record<string, string>;
  },
): Promise<PulumiStack> {
  const cli = benchCli();
  const stack = await PulumiStack.create({
    cli,
    programDir,
    stack: options.stack,
    parallel: BENCH_PARALLEL,
    ...(options.env ? { env: options.env } : {}),
    secrets: {
      "bench:clientSecret": "bench-client-secret",
      ...(options.emulator ? { "integrations:apiKey": options.emulator.apiKey } : {}),
    },
    config: {
      ...(options.emulator ? { "integrations:baseUrl": options.emulator.url } : {}),
      ...(options.plugin && options.requestVersion ? { "bench:pluginVersion": options.plugin.version } : {}),
      ...settingsConfig(options.settings),
    },
  });
  if (options.plugin) {
    const { tarball, version } = options.plugin;
    installPlugin(cli.bin, join(stack.workDir, "home"), version, tarball, process.env.PATH ?? "");
  }
  return stack;
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
    "bench:autoname": String(settings.autoname ?? false),
  };
}

/** An operation that failed is a broken benchmark, not a figure. */
export function assertSucceeded(operation: string, result: { error?: string }): void {
  if (result.error !== undefined) throw new Error(`${operation} failed: ${result.error}`);
}
