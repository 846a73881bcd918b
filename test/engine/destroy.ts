/**
 * `pulumi destroy` without running the program: delete every resource in state, dependents first, each
 * through the `__provider` stored with it, up to `parallel` at once. A failed delete stops the destroy
 * once the deletes under way have finished; what is left stays in state.
 */
import pLimit from "p-limit";
import { deletionWaves } from "./deletion-order";
import { stepFailure } from "./diagnostics";
import type { DynamicProviderHost } from "./provider-client";
import { deleteResource, stepFor } from "./resource-ops";
import type { ResourceState } from "./state";
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
  parallel: number,
  log: (entry: LogEntry) => void,
): Promise<DestroyOutcome> {
  const steps: Step[] = [];
  const deleted = new Set<ResourceState>();
  const slots = pLimit(parallel);
  let failed = false;
  const destroy = async (resource: ResourceState): Promise<void> => {
    if (failed) return;
    try {
      await deleteResource(providers, resource);
    } catch (err) {
      for (const entry of stepFailure(resource.urn, err).diagnostics) log(entry);
      failed = true;
      return;
    }
    deleted.add(resource);
    if (resource.type !== dynamicProviderType)
      steps.push(stepFor(resource.delete ? "delete-replaced" : "delete", resource.urn));
  };
  for (const wave of deletionWaves(olds)) {
    await Promise.all(wave.map((resource) => slots(() => destroy(resource))));
    if (failed) break;
  }
  return { steps, resources: olds.filter((resource) => !deleted.has(resource)), failed };
}
