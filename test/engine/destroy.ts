/**
 * `pulumi destroy` without running the program: delete every resource in state, dependents first, each
 * through the `__provider` stored with it. A failed delete stops there; what is left stays in state.
 */
import { deletionOrder } from "./deletion-order";
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
  log: (entry: LogEntry) => void,
): Promise<DestroyOutcome> {
  const steps: Step[] = [];
  const deleted = new Set<ResourceState>();
  let failed = false;
  for (const resource of deletionOrder(olds)) {
    try {
      await deleteResource(providers, resource);
    } catch (err) {
      for (const entry of stepFailure(resource.urn, err).diagnostics) log(entry);
      failed = true;
      break;
    }
    deleted.add(resource);
    if (resource.type !== dynamicProviderType)
      steps.push(stepFor(resource.delete ? "delete-replaced" : "delete", resource.urn));
  }
  return { steps, resources: olds.filter((resource) => !deleted.has(resource)), failed };
}
