import { isDeepStrictEqual } from "node:util";
import { z } from "zod";

/**
 * True for a read that has no state to start from: `pulumi import` reads by id alone (empty props). A refresh
 * always passes the stored outputs, which are never empty, and the dynamic front end reads only to refresh, so
 * a handler's read by id is a path only the provider plugin takes.
 */
export function isReadById(props: object): boolean {
  return Object.keys(props).length === 0;
}

/** Each input's default, as check fills it in (inputs without one are absent); computed once per definition. */
const defaultsByShape = new WeakMap<z.ZodRawShape, Record<string, unknown>>();
function defaultsOf(shape: z.ZodRawShape): Record<string, unknown> {
  let defaults = defaultsByShape.get(shape);
  if (defaults === undefined) {
    defaults = {};
    for (const [key, schema] of Object.entries(shape)) {
      const byDefault = z.safeParse(schema, undefined);
      if (byDefault.success && byDefault.data !== undefined) defaults[key] = byDefault.data;
    }
    defaultsByShape.set(shape, defaults);
  }
  return defaults;
}

/**
 * The inputs a read by id returns, without those that hold their default. `pulumi import` stores them and
 * writes them into the program it generates, which then names only what the object has, never a value nobody
 * chose (a Java program given an enum's default as a string does not even compile). Check fills the defaults
 * back in, so the next preview finds the same inputs.
 */
export function withoutDefaults<T extends object>(inputs: T, shape: z.ZodRawShape): Partial<T> {
  const defaults = defaultsOf(shape);
  return Object.fromEntries(
    Object.entries(inputs).filter(
      ([key, value]) => !(key in defaults && isDeepStrictEqual(defaults[key], value)),
    ),
  ) as Partial<T>;
}

/**
 * Stored inputs as check leaves them: the defaults a read by id left out (withoutDefaults) filled back in. The
 * engine hands a provider the stored inputs with Diff, Update, Delete and Read, and an imported resource's lack
 * its defaults until its first update: read as they are, a default would look changed (a connector's
 * `useServiceAuth` missing against the program's false is a replacement). No inputs (none stored) stay none.
 */
export function withDefaults(inputs: Record<string, unknown>, shape: z.ZodRawShape): Record<string, unknown> {
  if (Object.keys(inputs).length === 0) return inputs;
  const filled = { ...inputs };
  for (const [key, value] of Object.entries(defaultsOf(shape)))
    if (filled[key] === undefined) filled[key] = value;
  return filled;
}
