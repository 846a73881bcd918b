import { z } from "zod";
import { toCheckFailures } from "./check-failures";
import { PROVIDER_KEY } from "./errors";
import type { CheckFailure, CheckResult } from "./types";
import { isUnknown } from "./unknowns";

/** The field rules the resources share. Each names the rule it enforces, so a CheckFailure can say it. */

export function requiredString() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
    .min(1, { error: "must not be empty" });
}

export function optionalString() {
  return z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).optional();
}

export function booleanField() {
  return z.boolean({ error: "must be a boolean (true or false)" });
}

/** An http or https URL (the API reaches nothing else), shown with an example of the expected kind. */
export function httpUrl(example: string) {
  return z.url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.map((v) => `"${v}"`).join(", ")}` });
}

/** Free-form keys (client_id, client_secret, scopes, ...); the API decides which a scheme needs. */
export function authConfigField() {
  return z
    .record(z.string(), z.unknown(), {
      error: 'must be an object of settings, e.g. { client_id: "...", client_secret: "..." }',
    })
    .optional();
}

/**
 * Validates raw inputs against per-field rules, then cross-field rules. Preview-unknown values pass every
 * rule (they are checked again once known); absent and null mean "not set"; defaults are filled so that
 * state shows them. Never throws: every problem is a CheckFailure.
 */
export function checkInputs<Checked>(
  shape: z.ZodRawShape,
  news: Record<string, unknown>,
  crossFieldRules: (inputs: Record<string, unknown>) => CheckFailure[],
): CheckResult<Checked> {
  const given = Object.fromEntries(
    Object.entries(news).filter(
      ([key, value]) => key !== PROVIDER_KEY && value !== null && value !== undefined,
    ),
  );
  const unknownKeys = Object.keys(given).filter((key) => key in shape && isUnknown(given[key]));
  const schema =
    unknownKeys.length === 0
      ? strictSchemaOf(shape)
      : z
          .object({
            ...shape,
            ...Object.fromEntries(unknownKeys.map((key) => [key, z.literal(given[key] as string)])),
          })
          .strict();
  const parsed = schema.safeParse(given);
  // Cross-field rules only look at which properties are set, so they run on the raw inputs too: the user
  // sees every problem at once.
  const failures = [
    ...(parsed.success ? [] : toCheckFailures(parsed.error.issues, Object.keys(shape))),
    ...crossFieldRules(given),
  ];
  if (!parsed.success || failures.length > 0) {
    return { inputs: given as Checked, failures };
  }
  return { inputs: parsed.data as Checked, failures: [] };
}

/**
 * The strict object schema of a shape, built once: every check of a resource whose inputs are all known (every
 * check of an `up`) parses with it. A zod object compiles a parser of its own on its first parse, so building
 * one per check cost about half a millisecond of CPU per resource; only a preview's unknowns need one of their own.
 */
const strictSchemas = new WeakMap<z.ZodRawShape, z.ZodObject>();

function strictSchemaOf(shape: z.ZodRawShape): z.ZodObject {
  let schema = strictSchemas.get(shape);
  if (schema === undefined) {
    schema = z.object(shape).strict();
    strictSchemas.set(shape, schema);
  }
  return schema;
}
