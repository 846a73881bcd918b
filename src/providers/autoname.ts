import { randomBytes } from "node:crypto";
import { isUnknown } from "./unknowns";

/** Seven base-36 characters, as Pulumi's own autonaming appends to a logical name. */
const SUFFIX_LENGTH = 7;

/**
 * The name of a resource whose program leaves `name` unset: `<namePrefix><random suffix>`, chosen once and
 * kept for as long as the prefix stays the same.
 *
 * The engine calls `check` with no old inputs exactly when a fresh object is wanted: for a new resource,
 * for the replacement half of a replacement (pulumi/pulumi pkg/resource/deploy/step_generator.go,
 * `generateStepsFromDiff`: "we need to recompute the default values" re-runs Check with `News` only), and
 * for a targeted replacement (`up --replace`, `isTargetedReplace` in the same file makes `generateSteps`
 * call Check without `Olds`). So a replacement always gets a new name, and may be created before the old
 * connector is deleted; an update keeps the old one.
 */
export function autoname(namePrefix: unknown, olds: Record<string, unknown>): string | undefined {
  if (typeof namePrefix !== "string") return undefined;
  if (isUnknown(namePrefix)) return namePrefix;
  const kept = olds.name;
  if (typeof kept === "string" && olds.namePrefix === namePrefix && kept.startsWith(namePrefix)) return kept;
  return namePrefix + randomSuffix();
}

function randomSuffix(): string {
  const bytes = randomBytes(SUFFIX_LENGTH);
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join("");
}
