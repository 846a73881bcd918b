/**
 * The sequence fuzzer in CI: one fixed seed per front end, a fixed number of steps drawn from the catalogue
 * (test/sequences/support/catalogue.ts), each run on the real CLI against two emulators and followed by the
 * invariants' check; the sequence ends with a destroy. `npm run soak -- --seed S --minutes M` runs more.
 */
import fc from "fast-check";
import { runSequence, sequences } from "./support/sequence";
import type { FrontEnd } from "./support/world";

/**
 * Seeds chosen for the variety of their steps (renames, a state move, a wrong key and another service, faults,
 * a rate-limited up, two stacks on one key at once), and lengths that keep the file near 150 s on a warm
 * machine; the soak runs any seed for as long as it is given. They draw: plugin `0.2.0 two-stacks-at-once
 * state-move(state) fault(rate-limit) up remove-add(state) fault(reset-write) wrong-key(up) rename(state,alias)
 * remove-add(chain) other-service(refresh) rename(chain,alias) preview-refresh-expect-no-changes`; dynamic
 * `0.2.0 refresh state-move(state) target fault(late-commit) fault(rate-limit) other-service(up-skip-preview)`.
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
