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
 * Which properties force a replacement: only those known to change. A replace-field whose new value is
 * unknown (preview only) is reported as a change, not a replacement: the value is usually derived from
 * another resource's output that is merely being updated and will come back the same, and announcing a
 * replacement of a connector that will in fact be kept would be the spurious replace the preview must not
 * show. The real `up` diffs again with known values, so a value that does change still replaces then.
 */
export function replacingFields(replaceFields: Record<string, Comparison>): string[] {
  return Object.entries(replaceFields)
    .filter(([, comparison]) => comparison === "changed")
    .map(([field]) => field);
}

export function anyChange(...groups: Record<string, Comparison>[]): boolean {
  return groups.some((group) => Object.values(group).some((comparison) => comparison !== "same"));
}
