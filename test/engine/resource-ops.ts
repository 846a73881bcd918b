/** Pieces shared by up, refresh and destroy. */
import { stepFailure } from "./diagnostics";
import type { DynamicProviderHost, ResourceRef } from "./provider-client";
import type { ResourceState } from "./state";
import type { Step, StepOp } from "./types";
import { isDynamicResourceType, urnName, urnType } from "./urn";

export function stepFor(op: StepOp, urn: string): Step {
  return { op, urn, type: urnType(urn), name: urnName(urn) };
}

export function refFor(resource: ResourceState): ResourceRef {
  return { urn: resource.urn, name: urnName(resource.urn), type: resource.type };
}

/**
 * Deletes a resource through the `__provider` stored in its own state, which is what makes a resource
 * removed from the program deletable. Components, providers and read (external) resources need no call.
 */
export async function deleteResource(providers: DynamicProviderHost, resource: ResourceState): Promise<void> {
  if (!resource.custom || resource.external || !isDynamicResourceType(resource.type)) return;
  try {
    const client = await providers.client();
    await client.delete(refFor(resource), resource.id ?? "", resource.outputs, resource.inputs);
  } catch (err) {
    throw stepFailure(resource.urn, err);
  }
}
