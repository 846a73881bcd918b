/** The shape every benchmark has: a name for --only, and tables plus raw data for the JSON results. */
import type { Table } from "./table";

export interface BenchmarkContext {
  /** `--full`: the sizes and repeats beyond the default run's (which keeps `npm run bench` within 3 minutes). */
  full: boolean;
  /** Progress lines (stderr), so that stdout holds only the tables. */
  progress(message: string): void;
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
