/**
 * (3) Scale: `up` of N connectors on the real `pulumi` CLI against the emulator with 20 ms of added latency,
 * a no-op `up`, then `destroy`; side by side, command by command, with the same program shape on a provider
 * that does no I/O (the floor: what the SDK, the CLI and its engine cost by themselves).
 */
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { StepOp } from "../../tools/pulumi/types";
import { assertStepCount, measureOperation, type MeasuredOperation } from "../support/measure";
import { stageBenchProgram } from "../support/staging";
import { BENCH_PARALLEL, benchCli, createBenchStack } from "../support/stacks";
import type { Benchmark, BenchmarkContext } from "../support/types";
import { summarize, type Phase, type ScaleMeasurement, type Side } from "./scale-measurement";
import { scaleTables } from "./scale-tables";

const LATENCY_MS = 20;
/** `npm run bench`: N = 200 once, to stay within its time budget; `--full` adds the other sizes. */
const DEFAULT_SIZES = [200];
const FULL_SIZES = [50, 200, 1000];
/**
 * With --full, how many times each N is run (the tables show medians): the shortest commands vary most on a
 * shared machine. N = 200 and 1,000, whose commands take tens of seconds to minutes, run once.
 */
const FULL_RUNS = new Map([[50, 3]]);

const PHASES: { phase: Phase; kind: "up" | "destroy"; step: StepOp }[] = [
  { phase: "up", kind: "up", step: "create" },
  { phase: "no-op up", kind: "up", step: "same" },
  { phase: "destroy", kind: "destroy", step: "delete" },
];

export const scale: Benchmark = {
  name: "scale",
  inDefaultRun: true,
  title: "Scale",
  async run(context: BenchmarkContext) {
    const sizes = context.full ? FULL_SIZES : DEFAULT_SIZES;
    const runsAt = (n: number) => (context.full ? (FULL_RUNS.get(n) ?? 1) : 1);
    const programs = {
      provider: await stageBenchProgram("connectors"),
      floor: await stageBenchProgram("null-connectors"),
    };
    const measurements: ScaleMeasurement[] = [];
    for (const n of sizes) {
      const emulator = await startEmulator({ port: 0, faults: { latencyMs: LATENCY_MS } });
      const stacks = await stacksFor(n, programs, emulator);
      try {
        for (let run = 1; run <= runsAt(n); run++) {
          for (const { phase, kind, step } of PHASES) {
            for (const side of ["floor", "provider"] as const) {
              context.progress(`scale: N=${n} ${phase} (${side}, run ${run} of ${runsAt(n)})`);
              const measured = await measureOperation(stacks[side], kind);
              assertStepCount(measured.result, step, n);
              // The state's size only after up: `pulumi stack export` is a CLI run of its own.
              const state = phase === "up" ? await stateBytes(stacks[side]) : undefined;
              measurements.push(flatten(n, side, phase, measured, state));
            }
          }
        }
      } finally {
        await Promise.all([stacks.provider.dispose(), stacks.floor.dispose()]);
        await emulator.close();
      }
    }
    return {
      tables: scaleTables(summarize(measurements), {
        sizes,
        latencyMs: LATENCY_MS,
        parallel: BENCH_PARALLEL,
        cliVersion: benchCli().version,
      }),
      data: { latencyMs: LATENCY_MS, parallel: BENCH_PARALLEL, sizes, measurements },
    };
  },
};

async function stacksFor(
  n: number,
  programs: Record<Side, string>,
  emulator: RunningEmulator,
): Promise<Record<Side, PulumiStack>> {
  const settings = { count: n };
  // Set up at once: each is a few CLI runs (stack select, config), none of them measured.
  const [provider, floor] = await Promise.all([
    createBenchStack(programs.provider, { stack: `n${n}`, emulator, settings }),
    createBenchStack(programs.floor, { stack: `n${n}`, settings }),
  ]);
  return { provider, floor };
}

async function stateBytes(stack: PulumiStack): Promise<number> {
  return Buffer.byteLength(await stack.stateText());
}

function flatten(
  n: number,
  side: Side,
  phase: Phase,
  measured: MeasuredOperation,
  state: number | undefined,
): ScaleMeasurement {
  const { children } = measured;
  return {
    n,
    side,
    phase,
    wallMs: Math.round(measured.wallMs),
    benchCpuMs: Math.round(measured.benchCpuMs),
    cliCpuMs: Math.round(children.cpuMsByRole.cli),
    programCpuMs: Math.round(children.cpuMsByRole.program),
    providerCpuMs: Math.round(children.cpuMsByRole.provider),
    peakCliKb: children.peakKbByRole.cli,
    peakProgramKb: children.peakKbByRole.program,
    peakProviderKb: children.peakKbByRole.provider,
    peakTotalKb: children.peakTotalKb,
    ...(state === undefined ? {} : { stateBytes: state }),
  };
}
