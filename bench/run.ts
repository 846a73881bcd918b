/**
 * `npm run bench`: runs the benchmarks one after the other, prints a markdown table per benchmark on
 * stdout (progress goes to stderr) and writes every figure with the machine's description to
 * bench/results/latest.json. Without flags: the benchmarks of the real `pulumi` CLI of the default run
 * (scale at N = 200 through both front ends, rate-limited, http-budget). `--full` runs every benchmark at
 * every size; `--only` picks benchmarks by name (with or without `--full`). `--size <N>` (repeatable) and
 * `--runs <k>` set the scale benchmark's sizes and runs; `--results <file>` writes the figures elsewhere.
 * `--fleet` runs the fleet benchmark alone (no run without flags has it; `--full` does); `--stacks`,
 * `--connectors` and `--rate` set its S, C and R, and `--cases` (comma-separated) picks its fleets.
 *
 *   node -r ts-node/register/transpile-only bench/run.ts [--only <name>]... [--full] [--size <N>]...
 *     [--runs <k>] [--results <file>]
 *   node -r ts-node/register/transpile-only bench/run.ts --fleet [--stacks <S>] [--connectors <C>]
 *     [--rate <R>] [--cases <case>,...] [--results <file>]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { emulatorStorage } from "./benchmarks/emulator-storage";
import { emulatorThroughput } from "./benchmarks/emulator-throughput";
import { fleet, FLEET_CASES, type FleetCaseName } from "./benchmarks/fleet";
import { getTriggersCost } from "./benchmarks/get-triggers";
import { createStageRoot, removeStageRoot } from "../test/support/packed-package";
import { httpBudget } from "./benchmarks/http-budget";
import { providerCost } from "./benchmarks/provider-cost";
import { rateLimited } from "./benchmarks/rate-limited";
import { scale } from "./benchmarks/scale";
import { machineInfo } from "./support/machine";
import { renderTable } from "./support/table";
import type { Benchmark, BenchmarkContext, BenchmarkResult } from "./support/types";

const BENCHMARKS: Benchmark[] = [
  providerCost,
  httpBudget,
  scale,
  rateLimited,
  emulatorThroughput,
  getTriggersCost,
  emulatorStorage,
  fleet,
];
const RESULTS_FILE = join(__dirname, "results", "latest.json");

interface Selection {
  benchmarks: Benchmark[];
  full: boolean;
  sizes?: number[];
  runs?: number;
  fleet: BenchmarkContext["fleet"];
  resultsFile: string;
}

function selected(): Selection {
  const { values } = parseArgs({
    options: {
      only: { type: "string", multiple: true },
      full: { type: "boolean", default: false },
      size: { type: "string", multiple: true },
      runs: { type: "string" },
      results: { type: "string" },
      fleet: { type: "boolean", default: false },
      stacks: { type: "string" },
      connectors: { type: "string" },
      rate: { type: "string" },
      cases: { type: "string" },
    },
  });
  const names =
    (values.fleet ? [fleet.name] : undefined) ??
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
    ...(values.size ? { sizes: values.size.map((size) => positiveInteger("--size", size)) } : {}),
    ...(values.runs ? { runs: positiveInteger("--runs", values.runs) } : {}),
    fleet: {
      ...(values.stacks ? { stacks: positiveInteger("--stacks", values.stacks) } : {}),
      ...(values.connectors ? { connectors: positiveInteger("--connectors", values.connectors) } : {}),
      ...(values.rate ? { ratePerSecond: positiveInteger("--rate", values.rate) } : {}),
      ...(values.cases ? { cases: fleetCases(values.cases) } : {}),
    },
    resultsFile: values.results ? resolve(values.results) : RESULTS_FILE,
  };
}

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${flag} takes a positive integer, not "${text}"`);
  return value;
}

function fleetCases(text: string): FleetCaseName[] {
  const names = text.split(",").filter((name) => name !== "");
  const unknown = names.filter((name) => !(FLEET_CASES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`--cases takes some of ${FLEET_CASES.join(", ")}, not "${text}"`);
  return names as FleetCaseName[];
}

async function main(): Promise<void> {
  const { benchmarks, full, sizes, runs, fleet: fleetSettings, resultsFile } = selected();
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
      const result = await benchmark.run({ full, progress, sizes, runs, fleet: fleetSettings });
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
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify({ machine, full, totalMs, results }, null, 2)}\n`);
  process.stdout.write(
    `Total ${Math.round(totalMs / 1000)} s (load average now ${machineInfo().loadAverage.join(" ")}). ` +
      `Figures written to ${resultsFile}\n`,
  );
}

// A run inside another one (the test that runs this harness) shares its stage folder, and leaves it to it.
const ownsStage = process.env.INTEGRATIONS_STAGE_DIR === undefined;
createStageRoot();

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  // The staged programs (compiled JavaScript, stack config files) go with the run: left in .tmp/, eslint
  // would lint them until the next run removed them.
  .finally(() => {
    if (ownsStage) removeStageRoot();
  });
