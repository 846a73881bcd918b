/**
 * `pulumi destroy` without running the program: delete every resource in state (or, with `--target`,
 * the targets and what depends on them), dependents first, each through the `__provider` stored with
 * it, up to `parallel` at once. A failed delete stops the destroy once the deletes under way have
 * finished; what is left stays in state.
 */
import pLimit from "p-limit";
import type { Checkpointer } from "./checkpoint";
import { deletionWaves } from "./deletion-order";
import { stepFailure } from "./diagnostics";
import type { DynamicProviderHost } from "./provider-client";
import { deleteResource, stepFor } from "./resource-ops";
import type { ResourceState } from "./state";
import type { Targets } from "./targets";
import type { LogEntry, Step } from "./types";
import { dynamicProviderType } from "./urn";

export interface DestroyOutcome {
  steps: Step[];
  resources: ResourceState[];
  failed: boolean;
}

export async function destroyResources(
  olds: readonly ResourceState[],
  providers: DynamicProviderHost,
  journal: Checkpointer,
  targets: Targets,
  parallel: number,
  log: (entry: LogEntry) => void,
): Promise<DestroyOutcome> {
  const steps: Step[] = [];
  const deleted = new Set<ResourceState>();
  const remaining = (): ResourceState[] => olds.filter((resource) => !deleted.has(resource));
  journal.track(remaining);
  const { deletes, errors } = targets.allowedDeletes(olds, olds);
  if (errors.length > 0) {
    for (const entry of errors) log(entry);
    return { steps, resources: [...olds], failed: true };
  }
  const slots = pLimit(parallel);
  let failed = false;
  const destroy = async (resource: ResourceState): Promise<void> => {
    if (failed) return;
    try {
      await deleteResource(providers, journal, resource, {}, () => deleted.add(resource));
    } catch (err) {
      for (const entry of stepFailure(resource.urn, err).diagnostics) log(entry);
      failed = true;
      return;
    }
    if (resource.type !== dynamicProviderType)
      steps.push(stepFor(resource.delete ? "delete-replaced" : "delete", resource.urn));
  };
  for (const wave of deletionWaves(deletes)) {
    await Promise.all(wave.map((resource) => slots(() => destroy(resource))));
    if (failed) break;
  }
  return { steps, resources: remaining(), failed };
}
