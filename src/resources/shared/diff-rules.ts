import { containsUnknown } from "./unknowns";
import { deepEqual } from "./values";

/**
 * How one input compares with what was last applied. "unknown" is a preview-only answer: the new value
 * depends on an output not known yet.
 */
export type Comparison = "same" | "changed" | "unknown";

export function compare(applied: unknown, desired: unknown): Comparison {
  if (containsUnknown(desired)) return "unknown";
  return deepEqual(applied, desired) ? "same" : "changed";
}

/**
 * Which properties force a replacement: those that change, and, in a preview, those whose new value is not
 * known yet. An unknown may still turn out the same, but a preview that shows an update where `up` then
 * replaces would hide the one change that deletes something; Terraform plans and Pulumi's bridged
 * providers likewise show such a change as a possible replacement (`+-`). The real `up` diffs again with
 * known values.
 */
export function replacingFields(replaceFields: Record<string, Comparison>): string[] {
  return Object.entries(replaceFields)
    .filter(([, comparison]) => comparison !== "same")
    .map(([field]) => field);
}

export function anyChange(...groups: Record<string, Comparison>[]): boolean {
  return groups.some((group) => Object.values(group).some((comparison) => comparison !== "same"));
}
