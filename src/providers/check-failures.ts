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
