import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { keysFlagged } from "../resources/shared/definition";

/**
 * The `Output` fields a resource class exposes: one per public output of its definition, typed as the
 * output is (`undefined` included where it is optional), with the definition's doc comment.
 */
export type OutputFields<Outputs> = {
  readonly [K in keyof Outputs]-?: pulumi.Output<Outputs[K] | UndefinedIfOptional<Outputs, K>>;
};

type UndefinedIfOptional<T, K extends keyof T> = undefined extends T[K] ? undefined : never;

/**
 * Every public output, unset: the SDK registers and resolves the properties it is given, so an output that is
 * not an input must be listed (the args, spread after, set the inputs).
 */
export function unsetOutputs(outputs: z.ZodRawShape): Record<string, undefined> {
  return Object.fromEntries(publicKeys(outputs).map((key) => [key, undefined]));
}

/** The outputs the engine must store encrypted (`additionalSecretOutputs`). */
export function secretOutputs(outputs: z.ZodRawShape): string[] {
  const internal = keysFlagged(outputs, "internal");
  return keysFlagged(outputs, "secret").filter((key) => !internal.includes(key));
}

function publicKeys(outputs: z.ZodRawShape): string[] {
  const internal = keysFlagged(outputs, "internal");
  return Object.keys(outputs).filter((key) => !internal.includes(key));
}
