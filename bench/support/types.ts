/** The shape every benchmark has: a name for --only, and tables plus raw data for the JSON results. */
import type { Table } from "./table";

export interface BenchmarkContext {
  /** Smaller N, shorter runs: for developing the benchmarks, not for figures. */
  quick: boolean;
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
  run(context: BenchmarkContext): Promise<BenchmarkResult>;
}
