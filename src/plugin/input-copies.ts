import type { Props } from "./properties";
import type { PluginResource } from "./resources";

/**
 * The outputs that are copies of inputs (a row's `inputCopies`, see ../resources/index.ts): the dynamic
 * provider stores them, since its host hands diff the old outputs only. The engine hands the plugin the old
 * inputs with every call that takes old outputs (Diff, Update and Delete their `old_inputs`, Read its
 * `inputs`), so the plugin leaves the copies out of the outputs it returns and derives them from the old inputs
 * before the handlers see the old outputs. Every step of a large stack then writes them once, in the inputs.
 */

/** The outputs the plugin returns to the engine: without the row's copies of inputs. */
export function withoutInputCopies(row: PluginResource, outputs: Props): Props {
  const copies = row.inputCopies;
  if (copies === undefined) return outputs;
  return Object.fromEntries(Object.entries(outputs).filter(([key]) => !Object.hasOwn(copies, key)));
}

/**
 * The old outputs as the handlers take them: each copy of inputs derived from the old inputs, unless the state
 * holds it (written by a version that stored it, or moved from the dynamic provider). Without old inputs (a
 * read by id, an engine that sends none) the outputs are handed over as they are, and the handlers fall back
 * to what the outputs hold.
 */
export function withInputCopies(row: PluginResource, outputs: Props, oldInputs: Props): Props {
  const copies = row.inputCopies;
  if (copies === undefined || Object.keys(oldInputs).length === 0) return outputs;
  const missing = Object.entries(copies).filter(([key]) => outputs[key] === undefined);
  if (missing.length === 0) return outputs;
  return {
    ...outputs,
    ...Object.fromEntries(missing.map(([key, derive]) => [key, derive(oldInputs, outputs)])),
  };
}
