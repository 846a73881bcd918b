/**
 * (3) Scale: `up` of N connectors through the test engine against the emulator with 20 ms of added
 * latency, a no-op `up`, then `destroy`; side by side, operation by operation, with the same program
 * shape on a provider that does no I/O (the floor: what the SDK and the engine cost by themselves).
 */
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { StepOp, TestStack } from "../../test/engine";
import { assertStepCount, measureOperation, type MeasuredOperation } from "../support/measure";
import { stageBenchProgram } from "../support/staging";
import { BENCH_PARALLEL, createBenchStack } from "../support/stacks";
import type { Benchmark, BenchmarkContext } from "../support/types";
import { summarize, type Phase, type ScaleMeasurement, type Side } from "./scale-measurement";
import { scaleTables } from "./scale-tables";

const LATENCY_MS = 20;
const SIZES = [50, 200, 500];
/**
 * How many times each N is run (the tables show medians): one run on a shared machine can be off by half.
 * N = 500, which takes longest, runs once to keep the whole benchmark under 10 minutes.
 */
const RUNS = new Map([
  [50, 3],
  [200, 3],
]);

const PHASES: { phase: Phase; kind: "up" | "destroy"; step: StepOp }[] = [
  { phase: "up", kind: "up", step: "create" },
  { phase: "no-op up", kind: "up", step: "same" },
  { phase: "destroy", kind: "destroy", step: "delete" },
];

export const scale: Benchmark = {
  name: "scale",
  title: "Scale",
  async run(context: BenchmarkContext) {
    const sizes = context.quick ? [10, 40] : SIZES;
    const runsAt = (n: number) => (context.quick ? 1 : (RUNS.get(n) ?? 1));
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
              measurements.push(flatten(n, side, phase, measured, await stateBytes(stacks[side])));
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
      }),
      data: { latencyMs: LATENCY_MS, parallel: BENCH_PARALLEL, sizes, measurements },
    };
  },
};

async function stacksFor(
  n: number,
  programs: Record<Side, string>,
  emulator: RunningEmulator,
): Promise<Record<Side, TestStack>> {
  const settings = { count: n };
  return {
    provider: await createBenchStack(programs.provider, { stack: `n${n}`, emulator, settings }),
    floor: await createBenchStack(programs.floor, { stack: `n${n}`, settings }),
  };
}

async function stateBytes(stack: TestStack): Promise<number> {
  return Buffer.byteLength((await stack.stateText()) ?? "");
}

function flatten(
  n: number,
  side: Side,
  phase: Phase,
  measured: MeasuredOperation,
  state: number,
): ScaleMeasurement {
  const { children } = measured;
  return {
    n,
    side,
    phase,
    wallMs: Math.round(measured.wallMs),
    engineCpuMs: Math.round(measured.engineCpuMs),
    programCpuMs: Math.round(children.cpuMsByRole.program),
    providerCpuMs: Math.round(children.cpuMsByRole.provider),
    peakProgramKb: children.peakKbByRole.program,
    peakProviderKb: children.peakKbByRole.provider,
    peakTotalKb: children.peakTotalKb,
    stateBytes: state,
  };
}
