/**
 * (3) Scale: `up` of N connectors on the real `pulumi` CLI against the emulator with 20 ms of added latency,
 * a no-op `up`, then `destroy`, through each front end: the dynamic provider (`pulumi-integrations`'
 * classes, Pulumi's dynamic-provider host) and the provider plugin (its Node.js SDK, the plugin installed
 * from its tarball). Each beside a null provider of its own kind, on the same program shape, whose resources
 * do no I/O: for the dynamic one, a dynamic provider (bench/programs/null-connectors); for the plugin, the
 * plugin's own server with handlers that return their inputs, installed as another version of the plugin
 * (bench/plugin/null-plugin.ts), whose provider resolves its account as the real one's does. What a front
 * end adds over its null provider is what this package costs; the null providers' figures are what the
 * engine, the SDK and the state cost by themselves.
 *
 * The runs of one N are interleaved command by command: up on each of the four stacks, then a no-op up on
 * each, then destroy on each; every other run takes the stacks in the opposite order, so that a provider
 * and its null provider see the same machine load. The tables show medians.
 */
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { StepOp } from "../../tools/pulumi/types";
import { assertStepCount, measureOperation, type MeasuredOperation } from "../support/measure";
import { nullPlugin, realPlugin } from "../support/null-plugin";
import { stageBenchProgram } from "../support/staging";
import { BENCH_PARALLEL, benchCli, createBenchStack } from "../support/stacks";
import { round } from "../support/stats";
import { stateSize, type StateSize } from "../support/state-size";
import type { Benchmark, BenchmarkContext } from "../support/types";
import { SIDES, summarize, type Phase, type ScaleMeasurement, type Side } from "./scale-measurement";
import { scaleTables } from "./scale-tables";

const LATENCY_MS = 20;
/** `npm run bench`: N = 200; `--full` adds N = 1,000. */
const DEFAULT_SIZES = [200];
const FULL_SIZES = [200, 1000];
/** Runs per N, each command's figure the median over them (`--runs` sets another count). */
const DEFAULT_RUNS = 3;

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
    const sizes = context.sizes ?? (context.full ? FULL_SIZES : DEFAULT_SIZES);
    const runs = context.runs ?? DEFAULT_RUNS;
    context.progress("scale: staging the programs and building the plugin tarballs");
    const [dynamic, dynamicNull, plugin, real, nullBuild] = await Promise.all([
      stageBenchProgram("connectors"),
      stageBenchProgram("null-connectors"),
      stageBenchProgram("plugin-connectors"),
      realPlugin(),
      nullPlugin(),
    ]);
    const setups: Record<Side, StackSetup> = {
      dynamic: { programDir: dynamic, emulator: true },
      "dynamic-null": { programDir: dynamicNull, emulator: false },
      plugin: { programDir: plugin, emulator: true, plugin: real },
      // The same program, asking for the null plugin's version. Its provider's CheckConfig resolves the account
      // as the real plugin's does (one client_info request per deployment), so it needs the settings too.
      "plugin-null": { programDir: plugin, emulator: true, plugin: nullBuild, requestVersion: true },
    };
    const measurements: ScaleMeasurement[] = [];
    for (const n of sizes) {
      const emulator = await startEmulator({ port: 0, faults: { latencyMs: LATENCY_MS } });
      const stacks = await stacksFor(n, setups, emulator);
      try {
        for (let run = 1; run <= runs; run++) {
          const order = run % 2 === 1 ? SIDES : [...SIDES].reverse();
          for (const { phase, kind, step } of PHASES) {
            for (const { side, label } of order) {
              const command = `N=${n} run ${run} of ${runs}: ${phase} (${label})`;
              const measured = await measureOperation(stacks[side], kind);
              context.progress(`scale: ${command} ${round(measured.wallMs / 1000, 1)} s`);
              try {
                assertStepCount(measured.result, step, n);
              } catch (error) {
                throw new Error(`${command}: ${error instanceof Error ? error.message : String(error)}`);
              }
              const state = phase === "up" ? await stateSize(stacks[side]) : undefined;
              measurements.push(flatten(n, side, phase, run, measured, state));
            }
          }
        }
      } finally {
        await Promise.all(Object.values(stacks).map((stack) => stack.dispose()));
        await emulator.close();
      }
    }
    return {
      tables: scaleTables(summarize(measurements), {
        sizes,
        latencyMs: LATENCY_MS,
        parallel: BENCH_PARALLEL,
        cliVersion: benchCli().version,
        pluginVersions: { plugin: real.version, "plugin-null": nullBuild.version },
      }),
      data: { latencyMs: LATENCY_MS, parallel: BENCH_PARALLEL, sizes, runs, measurements },
    };
  },
};

interface StackSetup {
  programDir: string;
  emulator: boolean;
  plugin?: Awaited<ReturnType<typeof realPlugin>>;
  requestVersion?: boolean;
}

async function stacksFor(
  n: number,
  setups: Record<Side, StackSetup>,
  emulator: RunningEmulator,
): Promise<Record<Side, PulumiStack>> {
  const settings = { count: n };
  // Set up at once: each is a few CLI runs (stack select, config, plugin install), none of them measured.
  // The stack's name is in each connector's name: the two stacks on the emulator share its account.
  const created = await Promise.all(
    SIDES.map(({ side }) => {
      const setup = setups[side];
      return createBenchStack(setup.programDir, {
        stack: `${side}-${n}`,
        settings,
        ...(setup.emulator ? { emulator } : {}),
        ...(setup.plugin ? { plugin: setup.plugin, requestVersion: setup.requestVersion } : {}),
      });
    }),
  );
  return Object.fromEntries(SIDES.map(({ side }, i) => [side, created[i]])) as Record<Side, PulumiStack>;
}

function flatten(
  n: number,
  side: Side,
  phase: Phase,
  run: number,
  measured: MeasuredOperation,
  state: StateSize | undefined,
): ScaleMeasurement {
  const { children } = measured;
  return {
    n,
    side,
    phase,
    run,
    wallMs: Math.round(measured.wallMs),
    benchCpuMs: Math.round(measured.benchCpuMs),
    cliCpuMs: Math.round(children.cpuMsByRole.cli),
    programCpuMs: Math.round(children.cpuMsByRole.program),
    providerCpuMs: Math.round(children.cpuMsByRole.provider),
    peakCliKb: children.peakKbByRole.cli,
    peakProgramKb: children.peakKbByRole.program,
    peakProviderKb: children.peakKbByRole.provider,
    peakTotalKb: children.peakTotalKb,
    ...(state === undefined ? {} : { state }),
  };
}
