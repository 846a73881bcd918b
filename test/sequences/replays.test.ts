/**
 * Every failure the fuzzer found, replayed as it was shrunk (test/sequences/replays/*.json, written by
 * `npm run soak`), each now fixed: the same steps on a new world keep every invariant.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { stepFrom } from "./support/catalogue";
import { runSequence, type Start } from "./support/sequence";
import type { FrontEnd } from "./support/world";

interface Replay {
  frontEnd: FrontEnd;
  /** A new stack (the default), or one that release 0.2.0 wrote. */
  start?: Start;
  steps: string[];
  /** What the sequence broke when it was found, and what fixed it. */
  found: string;
  fixed: string;
}

const folder = join(__dirname, "replays");
const replays = readdirSync(folder)
  .filter((file) => file.endsWith(".json"))
  .map((file) => [file, JSON.parse(readFileSync(join(folder, file), "utf8")) as Replay] as const);

test.each(replays)(
  "%s",
  async (_file, replay) => {
    const run = await runSequence(replay.frontEnd, replay.steps.map(stepFrom), replay.start);
    expect(run.ran).toEqual(replay.steps.filter((descriptor) => run.ran.includes(descriptor)));
    expect(run.ran.length).toBeGreaterThan(0);
  },
  300_000,
);
