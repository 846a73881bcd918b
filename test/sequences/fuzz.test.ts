/**
 * The sequence fuzzer in CI: one fixed seed per front end, a fixed number of steps drawn from the catalogue
 * (test/sequences/support/catalogue.ts), each run on the real CLI against two emulators and followed by the
 * invariants' check; the sequence ends with a destroy. `npm run soak -- --seed S --minutes M` runs more.
 */
import fc from "fast-check";
import { runSequence, sequences } from "./support/sequence";
import type { FrontEnd } from "./support/world";

/**
 * Seeds chosen for the variety of their steps (renames, state moves, a colleague's stack, faults, a
 * rate-limited up, adoptions by `pulumi import`), and lengths that keep the file near 150 s on a warm
 * machine; the soak runs any seed for as long as it is given. They draw: plugin `0.2.0 colleague-stack
 * fault(rate-limit) rename(chain,alias) import-up rotate-key fault(reset-write) import-up respell
 * remove-add(webhook) fault(latency) state-move(chain)`; dynamic `0.2.0 state-move(webhook) refresh
 * fault(reset-write) fault(rate-limit) respell provider(chain,p1)`.
 */
const RUNS: Record<FrontEnd, { seed: number; steps: number }> = {
  plugin: { seed: 2343, steps: 12 },
  dynamic: { seed: 163, steps: 6 },
};

test.each(["plugin", "dynamic"] as const)(
  "%s: a fixed sequence keeps every invariant",
  async (frontEnd) => {
    const started = performance.now();
    let ran: string[] = [];
    await fc.assert(
      fc.asyncProperty(sequences(RUNS[frontEnd].steps), async ({ start, steps }) => {
        ran = (await runSequence(frontEnd, steps, start)).ran;
      }),
      { seed: RUNS[frontEnd].seed, numRuns: 1, endOnFailure: true },
    );
    console.log(
      `${frontEnd}: ${ran.length} steps in ${((performance.now() - started) / 1000).toFixed(1)} s: ${ran.join(" ")}`,
    );
    expect(ran.length).toBeGreaterThan(0);
  },
  400_000,
);
