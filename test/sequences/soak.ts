/**
 * `npm run soak -- --seed S --minutes M [--front-end plugin|dynamic] [--steps N] [--start new|0.2.0]
 * [--only <step>]... [--summary file.json]`: sequences drawn from the catalogue (starting from a new stack or
 * one release 0.2.0 wrote, at random unless `--start` says; only the steps whose descriptor starts with an
 * `--only`, e.g. `--only "fault(reset-write)" --only rename`, when given), one after the other on new worlds, until the time is up. A failure is
 * shrunk by fast-check (each attempt a whole sequence on the real CLI, within the same time) and written to
 * test/sequences/replays/ as a runnable replay, which replays.test.ts runs in CI once it is fixed. Prints how
 * many sequences ran and how many times each catalogue step ran.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { createStageRoot, removeStageRoot } from "../support/packed-package";
import { descriptorsOf, runSequence, sequences, type Start } from "./support/sequence";
import type { FrontEnd } from "./support/world";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      minutes: { type: "string", default: "10" },
      "front-end": { type: "string" },
      steps: { type: "string", default: "20" },
      start: { type: "string" },
      only: { type: "string", multiple: true },
      summary: { type: "string" },
    },
  });
  const seed = Number(values.seed);
  const minutes = Number(values.minutes);
  const frontEnds: FrontEnd[] = values["front-end"]
    ? [values["front-end"] as FrontEnd]
    : ["plugin", "dynamic"];
  createStageRoot();
  const started = Date.now();
  const counts: Record<string, number> = {};
  let sequencesRun = 0;
  let stepsRun = 0;
  const result = await fc.check(
    fc.asyncProperty(
      fc.constantFrom(...frontEnds),
      sequences(
        Number(values.steps),
        undefined,
        values.start ? [values.start as Start] : undefined,
        values.only,
      ),
      async (frontEnd, { start, steps }) => {
        const run = await runSequence(frontEnd, steps, start).catch((error: unknown) => {
          console.log(
            `  failed: ${error instanceof Error ? error.message.split("\n", 1)[0] : String(error)}`,
          );
          throw error;
        });
        sequencesRun += 1;
        stepsRun += run.ran.length;
        for (const [name, count] of Object.entries(run.model.counts))
          counts[name] = (counts[name] ?? 0) + count;
        const elapsed = ((Date.now() - started) / 60_000).toFixed(1);
        console.log(`[${elapsed} min] ${frontEnd}: ${run.ran.length} steps: ${run.ran.join(" ")}`);
      },
    ),
    {
      seed,
      numRuns: Number.MAX_SAFE_INTEGER,
      interruptAfterTimeLimit: minutes * 60_000,
      markInterruptAsFailure: false,
    },
  );
  const summary = {
    seed,
    minutes: Number(((Date.now() - started) / 60_000).toFixed(1)),
    sequences: sequencesRun,
    steps: stepsRun,
    counts: Object.fromEntries(Object.entries(counts).sort()),
    failure: undefined as string | undefined,
  };
  if (result.failed && result.counterexample !== null) {
    const [frontEnd, { start, steps }] = result.counterexample;
    const found =
      result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    const replay = { frontEnd, start, steps: descriptorsOf(String(steps)), found, fixed: "" };
    const folder = join(__dirname, "replays");
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `seed-${seed}-${Date.now()}.json`);
    writeFileSync(file, `${JSON.stringify(replay, null, 2)}\n`);
    summary.failure = `${found} (replay: ${file})`;
  }
  console.log(JSON.stringify(summary, null, 2));
  if (values.summary) writeFileSync(values.summary, `${JSON.stringify(summary, null, 2)}\n`);
  removeStageRoot();
  return result.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
