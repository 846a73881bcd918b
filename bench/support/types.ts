/** The shape every benchmark has: a name for --only, and tables plus raw data for the JSON results. */
import type { FleetCaseName } from "../benchmarks/fleet";
import type { Table } from "./table";

export interface BenchmarkContext {
  /** `--full`: the sizes and benchmarks beyond the default run's (N = 1,000, and the benchmarks without the engine). */
  full: boolean;
  /** Progress lines (stderr), so that stdout holds only the tables. */
  progress(message: string): void;
  /** `--size`: the N of the scale benchmark, instead of its own (a tiny one checks the harness end to end). */
  sizes?: number[];
  /** `--runs`: how many runs of each N the scale benchmark takes the median of, instead of its own. */
  runs?: number;
  /** `--stacks`, `--connectors`, `--rate` and `--cases`: the fleet benchmark's settings, instead of its own. */
  fleet?: {
    stacks?: number;
    connectors?: number;
    ratePerSecond?: number;
    cases?: FleetCaseName[];
  };
}

export interface BenchmarkResult {
  tables: Table[];
  /** Everything measured, for bench/results/latest.json. */
  data: Record<string, unknown>;
}

export interface Benchmark {
  /** The value of --only. */
  name: string;
  title: string;
  /** Run by `npm run bench` without flags; the others only with `--full` or `--only`. */
  inDefaultRun: boolean;
  run(context: BenchmarkContext): Promise<BenchmarkResult>;
}
