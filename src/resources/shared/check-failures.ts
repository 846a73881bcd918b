import type { z } from "zod";
import type { CheckFailure } from "./types";

/**
 * Turns zod issues into CheckFailures that name the property and the rule. The schemas carry their own
 * rule texts ("must be a boolean"); zod's generic texts are replaced here for the cases schemas cannot
 * word themselves. No reason ever quotes the received value: it may be a secret.
 */
export function toCheckFailures(
  issues: readonly z.core.$ZodIssue[],
  knownProperties: readonly string[],
): CheckFailure[] {
  return issues.flatMap((issue): CheckFailure[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        property: key,
        reason: `is not a known property (known properties: ${knownProperties.join(", ")})`,
      }));
    }
    return [{ property: propertyPath(issue.path), reason: issue.message }];
  });
}

function propertyPath(path: readonly PropertyKey[]): string {
  return path.map((segment) => (typeof segment === "number" ? `[${segment}]` : String(segment))).join(".");
}

/** The inputs whose values hold secrets: a connector's authConfig, an account's data, a connection. */
const SECRET_HOLDING_PROPERTIES = new Set(["authConfig", "data", "connection"]);

/**
 * The engine prints the value of the property a failure names ("property authConfig value {...} has a
 * problem: ..."), secrets in plain text: it masks only the stack's own secret config. A failure about a
 * secret-holding input, or about a key inside one, therefore names it in its reason and leaves `property`
 * empty, which the engine prints as "resource '<name>' has a problem: <reason>", without a value.
 */
export function withoutSecretValuesShown(failures: readonly CheckFailure[]): CheckFailure[] {
  return failures.map((failure) => {
    const topLevel = failure.property.split(/[.[]/, 1)[0] ?? "";
    return SECRET_HOLDING_PROPERTIES.has(topLevel)
      ? { property: "", reason: `${failure.property} ${failure.reason}` }
      : failure;
  });
}
