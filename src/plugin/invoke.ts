import { z } from "zod";
import type { ApiClient } from "../client";
import { deprecationWarning } from "../functions/definitions";
import { cachedQuery } from "../functions/query-cache";
import { metaOf } from "../resources/shared/definition";
import type { CheckFailure } from "../resources/shared/types";
import type { PluginFunction } from "./functions";
import { documentedResult } from "./invoke-result";
import type { Props } from "./properties";

export interface InvokeOutcome {
  /** Undefined when the arguments failed: the engine then reports the failures. */
  result?: Props;
  failures: CheckFailure[];
  /** Warnings for the engine's log (a deprecated argument). */
  warnings: string[];
}

/**
 * One invoke of a data function: the arguments checked with the definition's shape (a failure names the
 * argument, and the engine reports it as "Invoke of '<token>' failed: <reason> (<argument>)"), the query run
 * through the per-process query cache (identical invokes in one deployment cost one request per provider),
 * and the answer cut to the documented result (./invoke-result.ts).
 */
export async function invokeFunction(
  row: PluginFunction,
  client: ApiClient,
  args: Props,
): Promise<InvokeOutcome> {
  const { definition } = row;
  const parsed = z.strictObject(definition.args).safeParse(withoutNulls(args));
  if (!parsed.success) {
    return {
      failures: parsed.error.issues.flatMap((issue) => failuresOf(issue, definition.args)),
      warnings: [],
    };
  }
  const warnings = Object.keys(parsed.data)
    .filter(
      (key) =>
        parsed.data[key] !== undefined && metaOf(definition.args[key] as z.ZodType)?.deprecationMessage,
    )
    .map((key) => deprecationWarning(definition, key));
  const answer = await cachedQuery(definition.name, client, { ...parsed.data }, (query) =>
    definition.query(client, query),
  );
  return { result: documentedResult(definition.name, definition.result, answer), failures: [], warnings };
}

/** An argument given as null is not given (the SDKs send an unset optional argument as null, or not at all). */
function withoutNulls(args: Props): Props {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
}

function failuresOf(issue: z.core.$ZodIssue, shape: z.ZodRawShape): CheckFailure[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      property: key,
      reason: `is not an argument of this function (its arguments: ${Object.keys(shape).join(", ") || "none"})`,
    }));
  }
  const property = issue.path.map((segment) =>
    typeof segment === "number" ? `[${segment}]` : String(segment),
  );
  const reason = issue.code === "invalid_type" ? `must be ${article(issue.expected)}` : issue.message;
  return [{ property: property.join(".").replace(/\.\[/g, "["), reason }];
}

function article(expected: string): string {
  const words: Record<string, string> = {
    array: "a list",
    string: "a string",
    boolean: "a boolean",
    number: "a number",
    int: "an integer",
    object: "an object",
  };
  return words[expected] ?? expected;
}
