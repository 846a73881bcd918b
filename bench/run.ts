/**
 * `npm run bench`: runs the benchmarks one after the other, prints a markdown table per benchmark on
 * stdout (progress goes to stderr) and writes every figure with the machine's description to
 * bench/results/latest.json. Without flags: the benchmarks of the real `pulumi` CLI that fit in 3 minutes
 * (scale at N = 200, rate-limited, http-budget). `--full` runs every benchmark at every size; `--only`
 * picks benchmarks by name (with or without `--full`).
 *
 *   node -r ts-node/register/transpile-only bench/run.ts [--only <name>]... [--full]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { emulatorStorage } from "./benchmarks/emulator-storage";
import { emulatorThroughput } from "./benchmarks/emulator-throughput";
import { getTriggersCost } from "./benchmarks/get-triggers";
import { removeStageRoot } from "../test/support/packed-package";
import { httpBudget } from "./benchmarks/http-budget";
import { providerCost } from "./benchmarks/provider-cost";
import { rateLimited } from "./benchmarks/rate-limited";
import { scale } from "./benchmarks/scale";
import { machineInfo } from "./support/machine";
import { renderTable } from "./support/table";
import type { Benchmark, BenchmarkResult } from "./support/types";

const BENCHMARKS: Benchmark[] = [
  providerCost,
  httpBudget,
  scale,
  rateLimited,
  emulatorThroughput,
  getTriggersCost,
  emulatorStorage,
];
const RESULTS_FILE = join(__dirname, "results", "latest.json");

function selected(): { benchmarks: Benchmark[]; full: boolean } {
  const { values } = parseArgs({
    options: { only: { type: "string", multiple: true }, full: { type: "boolean", default: false } },
  });
  const names =
    values.only ??
    BENCHMARKS.filter((benchmark) => values.full || benchmark.inDefaultRun).map(
      (benchmark) => benchmark.name,
    );
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) {
    const known = BENCHMARKS.map((benchmark) => benchmark.name).join(", ");
    throw new Error(`unknown benchmark ${unknown.join(", ")}; known: ${known}`);
  }
  return {
    benchmarks: BENCHMARKS.filter((benchmark) => names.includes(benchmark.name)),
    full: values.full,
  };
}

async function main(): Promise<void> {
  const { benchmarks, full } = selected();
  const machine = machineInfo();
  const started = Date.now();
  const progress = (message: string) =>
    process.stderr.write(`[bench +${Math.round((Date.now() - started) / 1000)}s] ${message}\n`);
  process.stdout.write(
    `## Benchmarks${full ? " (--full)" : ""}\n\n${machine.cpuModel}, ${machine.cores} cores, ` +
      `${machine.totalMemoryMb} MB, ${machine.os}, Node ${machine.node}, ${machine.date}, ` +
      `load average ${machine.loadAverage.join(" ")}\n\n`,
  );
  const results: Record<string, (BenchmarkResult & { durationMs: number }) | { error: string }> = {};
  for (const benchmark of benchmarks) {
    progress(`${benchmark.name}: start`);
    const benchmarkStarted = Date.now();
    try {
      const result = await benchmark.run({ full, progress });
      results[benchmark.name] = { ...result, durationMs: Date.now() - benchmarkStarted };
      for (const table of result.tables) process.stdout.write(`${renderTable(table)}\n\n`);
    } catch (error) {
      // One broken benchmark must not hide the others' figures.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      results[benchmark.name] = { error: message };
      process.stdout.write(`### ${benchmark.title}\n\nFAILED: ${message}\n\n`);
      process.exitCode = 1;
    }
    progress(`${benchmark.name}: done in ${Math.round((Date.now() - benchmarkStarted) / 1000)} s`);
  }
  const totalMs = Date.now() - started;
  mkdirSync(join(__dirname, "results"), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ machine, full, totalMs, results }, null, 2)}\n`);
  process.stdout.write(
    `Total ${Math.round(totalMs / 1000)} s. Figures written to bench/results/latest.json\n`,
  );
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  // The staged programs (compiled JavaScript, stack config files) go with the run: left in .tmp/, eslint
  // would lint them until the next run removed them.
  .finally(removeStageRoot);
