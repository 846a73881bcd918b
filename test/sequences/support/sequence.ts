/**
 * A whole sequence: a new world, the program made (or a stack release 0.2.0 wrote, upgraded), the steps in
 * order (each skipped when the model says it does not apply), and a destroy with the right settings, checked
 * after each step.
 */
import fc from "fast-check";
import { catalogue, finalDestroy, firstUp, upgradeUp, type CatalogueStep } from "./catalogue";
import { loadFixture } from "./fixture";
import { initialModel, type Model } from "./model";
import { startWorld, type FrontEnd, type World } from "./world";

/** How a sequence starts: a new stack, or one that release 0.2.0 wrote (./fixture.ts), upgraded. */
export type Start = "new" | "0.2.0";
export const STARTS: readonly Start[] = ["new", "0.2.0"];

export interface SequenceRun {
  model: Model;
  /** The descriptors of the steps that ran. */
  ran: string[];
}

/** Runs the steps given (a replay's, or fast-check's) on a new world of the front end. */
export async function runSequence(
  frontEnd: FrontEnd,
  steps: Iterable<CatalogueStep>,
  start: Start = "new",
): Promise<SequenceRun> {
  const model = initialModel(frontEnd);
  const ran: string[] = [];
  let world: World | undefined;
  try {
    await fc.asyncModelRun(async () => {
      const fixture = start === "0.2.0" ? loadFixture(frontEnd) : undefined;
      world = await startWorld(frontEnd, model.spec, (descriptor) => ran.push(descriptor), fixture);
      await (fixture ? upgradeUp(world, model) : firstUp(world, model));
      return { model, real: world };
    }, steps);
    await finalDestroy(world!, model);
    return { model, ran };
  } finally {
    await world?.close();
  }
}

/**
 * Sequences of `minSteps` to `maxSteps` catalogue steps. A plain array rather than fast-check's `commands`,
 * whose first runs are nearly empty: a run here costs minutes, so every one must be long. Shrinking removes
 * steps and simplifies their arguments all the same.
 */
export function sequences(
  maxSteps: number,
  minSteps = maxSteps,
  starts: readonly Start[] = STARTS,
  only?: readonly string[],
): fc.Arbitrary<{ start: Start; steps: CatalogueStep[] }> {
  const step = fc.oneof(...catalogue());
  // `only`: steps whose descriptor starts with one of these (`fault(reset-write)`, `rename`, ...).
  const chosen = only ? step.filter((s) => only.some((name) => s.descriptor.startsWith(name))) : step;
  return fc.record({
    start: fc.constantFrom(...starts),
    steps: fc.array(chosen, { minLength: minSteps, maxLength: maxSteps }),
  });
}

/** Splits fast-check's printed commands (`up,rename(webhook,plain),...`) into descriptors. */
export function descriptorsOf(printed: string): string[] {
  return printed.match(/[a-z-]+(\([^)]*\))?/g) ?? [];
}
