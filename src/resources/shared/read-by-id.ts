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

/**
 * The inputs a read by id returns, without those that hold their default. `pulumi import` stores them and
 * writes them into the program it generates, which then names only what the object has, never a value nobody
 * chose (a Java program given an enum's default as a string does not even compile). Check fills the defaults
 * back in, so the next preview finds the same inputs.
 */
export function withoutDefaults<T extends object>(inputs: T, shape: z.ZodRawShape): Partial<T> {
  return Object.fromEntries(
    Object.entries(inputs).filter(([key, value]) => {
      const schema = shape[key];
      const byDefault = schema === undefined ? undefined : z.safeParse(schema, undefined);
      return !(
        byDefault?.success &&
        byDefault.data !== undefined &&
        isDeepStrictEqual(byDefault.data, value)
      );
    }),
  ) as Partial<T>;
}

/**
 * The inputs with every default withoutDefaults left out filled back in, as check fills them: what the inputs
 * `pulumi import` stored stand for. Whatever is derived from old inputs (the applied identity diff compares
 * with) must see them so, or the first preview after an import finds a change nobody made.
 */
export function withDefaults<T extends object>(inputs: T, shape: z.ZodRawShape): T {
  const filled: Record<string, unknown> = { ...(inputs as Record<string, unknown>) };
  for (const [key, schema] of Object.entries(shape)) {
    if (filled[key] !== undefined) continue;
    const byDefault = z.safeParse(schema, undefined);
    if (byDefault.success && byDefault.data !== undefined) filled[key] = byDefault.data;
  }
  return filled as T;
}
