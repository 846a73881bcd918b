/**
 * CPU profiles of the scale benchmark's commands: one side (./benchmarks/scale-measurement.ts) at one N, its
 * `up`, no-op `up` and `destroy` on the same stack and emulator (20 ms of latency) as the scale benchmark
 * runs them, with the provider process (and with `--program`, the program too) recording a CPU profile
 * (./support/cpu-profile-hook.js). Each command's profiles go to `<out>/<phase>/`; a summary of each
 * (./support/cpu-profile.ts) is printed. Profiling slows what it profiles: the wall times printed here are not
 * the benchmark's figures.
 *
 *   npm run build && node -r ts-node/register/transpile-only bench/profile.ts --side plugin --size 1000
 *     [--phase up] [--program] [--out <dir>]
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator, type RunningEmulator } from "../src/emulator";
import { createStageRoot, removeStageRoot } from "../test/support/packed-package";
import type { Phase, Side } from "./benchmarks/scale-measurement";
import { summarizeProfiles } from "./support/cpu-profile";
import { assertStepCount, measureOperation } from "./support/measure";
import { nullPlugin, realPlugin } from "./support/null-plugin";
import { createBenchStack } from "./support/stacks";
import { stageBenchProgram } from "./support/staging";

const LATENCY_MS = 20;
const PHASES = [
  { phase: "up", kind: "up", step: "create" },
  { phase: "no-op up", kind: "up", step: "same" },
  { phase: "destroy", kind: "destroy", step: "delete" },
] as const;
/** What the hook looks for in a command line: the providers as ./support/process-usage.ts tells them. */
const PROVIDER = "cmd/dynamic-provider|/plugins/resource-integrations-v|pulumi-resource-integrations";
const PROGRAM = "cmd/run";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      side: { type: "string" },
      size: { type: "string", default: "200" },
      phase: { type: "string", multiple: true },
      program: { type: "boolean", default: false },
      out: { type: "string", default: join(".tmp", "profiles") },
    },
  });
  const side = values.side as Side;
  if (!["dynamic", "dynamic-null", "plugin", "plugin-null"].includes(side))
    throw new Error("--side takes dynamic, dynamic-null, plugin or plugin-null");
  const n = Number(values.size);
  const wanted = (values.phase ?? PHASES.map((p) => p.phase)) as Phase[];
  const out = resolve(values.out);
  const env: Record<string, string> = {
    NODE_OPTIONS: `--require ${join(__dirname, "support", "cpu-profile-hook.js")}`,
    CPU_PROFILE_MATCH: values.program ? `${PROVIDER}|${PROGRAM}` : PROVIDER,
    CPU_PROFILE_LABELS: `provider=${PROVIDER},program=${PROGRAM}`,
  };
  const emulator = await startEmulator({ port: 0, faults: { latencyMs: LATENCY_MS } });
  const onPlugin = side.startsWith("plugin");
  const programDir = await stageBenchProgram(
    onPlugin ? "plugin-connectors" : side === "dynamic" ? "connectors" : "null-connectors",
  );
  const plugin =
    side === "plugin" ? await realPlugin() : side === "plugin-null" ? await nullPlugin() : undefined;
  const stack = await createBenchStack(programDir, {
    stack: `${side}-${n}`,
    settings: { count: n },
    ...(side === "dynamic-null" ? {} : { emulator }),
    ...(plugin ? { plugin, requestVersion: side === "plugin-null" } : {}),
    env,
  });
  try {
    for (const { phase, kind, step } of PHASES) {
      // The stack's environment is this object: the next command's profiles go to the phase's folder.
      env.CPU_PROFILE_DIR = wanted.includes(phase) ? join(out, side, phase.replace(/ /g, "-")) : "";
      emulator.requestLog.clear();
      const measured = await measureOperation(stack, kind);
      assertStepCount(measured.result, step, n);
      const cpu = measured.children.cpuMsByRole;
      process.stdout.write(
        `## ${side} N=${n} ${phase}: ${(measured.wallMs / 1000).toFixed(1)} s wall; CPU ms: provider ` +
          `${cpu.provider}, program ${cpu.program}, cli ${cpu.cli}; requests: ${requestCounts(emulator)}\n\n`,
      );
      if (env.CPU_PROFILE_DIR) process.stdout.write(`${summarizeProfiles(env.CPU_PROFILE_DIR)}\n`);
    }
  } finally {
    await stack.dispose();
    await emulator.close();
  }
}

/** The emulator's requests of the command by method and route: how many each resource's steps sent. */
function requestCounts(emulator: RunningEmulator): string {
  const counts = new Map<string, number>();
  for (const { method, route } of emulator.requestLog.entries())
    counts.set(`${method} ${route}`, (counts.get(`${method} ${route}`) ?? 0) + 1);
  return [...counts].map(([route, n]) => `${n} ${route}`).join(", ") || "none";
}

createStageRoot();
main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => removeStageRoot());
