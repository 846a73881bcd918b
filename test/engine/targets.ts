/**
 * `--target` / `--target-dependents` (pulumi/pulumi pkg/resource/deploy/step_generator.go):
 * which registrations are operated on (isTargetedForUpdate), and which resources a targeted operation
 * may delete (getTargetDependents, determineAllowedResourcesToDeleteFromTargets, GenerateDeletes).
 */
import { dependsOn } from "./deletion-order";
import { untargetedDeleteMessage } from "./diagnostics";
import type { ResourceState } from "./state";
import type { LogEntry } from "./types";

export class Targets {
  /** Everything targeted so far, explicitly or as a dependent (the engine's `targetsActual`). */
  private readonly actual: Set<string>;

  constructor(
    private readonly urns: ReadonlySet<string> | undefined,
    private readonly dependents: boolean,
  ) {
    this.actual = new Set(urns ?? []);
  }

  get constrained(): boolean {
    return this.urns !== undefined;
  }

  /**
   * Whether a registration is operated on: unconstrained, named, or (with `--target-dependents`)
   * depending on something targeted through its parent, dependencies or provider.
   */
  includes(urn: string, related: readonly string[]): boolean {
    if (!this.urns || this.urns.has(urn)) return true;
    if (!this.dependents || !related.some((other) => this.actual.has(other))) return false;
    this.actual.add(urn);
    return true;
  }

  /**
   * Of `candidates` (resources the operation would delete), those the targets allow: the targets and,
   * transitively, whatever depends on them (children included), with or without `--target-dependents`.
   * Deleting one that is not itself a target is an error without `--target-dependents`: one error per
   * such resource, and nothing may be deleted.
   */
  allowedDeletes(
    state: readonly ResourceState[],
    candidates: readonly ResourceState[],
  ): { deletes: ResourceState[]; errors: LogEntry[] } {
    if (!this.urns) return { deletes: [...candidates], errors: [] };
    const allowed = new Set<string>();
    const frontier = state.filter((resource) => this.urns?.has(resource.urn)).map((resource) => resource.urn);
    while (frontier.length > 0) {
      const next = frontier.shift() as string;
      if (allowed.has(next)) continue;
      allowed.add(next);
      for (const other of state) if (dependsOn(other, next)) frontier.push(other.urn);
    }
    const deletes = candidates.filter((resource) => allowed.has(resource.urn));
    const errors: LogEntry[] = this.dependents
      ? []
      : deletes
          .filter((resource) => !this.urns?.has(resource.urn))
          .map((resource) => ({
            severity: "error",
            urn: resource.urn,
            message: untargetedDeleteMessage(resource.urn),
          }));
    return { deletes, errors };
  }
}
