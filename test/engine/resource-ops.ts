/** Pieces shared by up, refresh and destroy. */
import type { Checkpointer } from "./checkpoint";
import { deleteProtectedMessage, stepFailure } from "./diagnostics";
import type { DynamicProviderHost, ResourceRef } from "./provider-client";
import type { ResourceState } from "./state";
import type { Step, StepOp } from "./types";
import { dynamicProviderType, isDynamicResourceType, urnName, urnType } from "./urn";

export function stepFor(op: StepOp, urn: string): Step {
  return { op, urn, type: urnType(urn), name: urnName(urn) };
}

export function refFor(resource: ResourceState): ResourceRef {
  return { urn: resource.urn, name: urnName(resource.urn), type: resource.type };
}

/**
 * A delete step (DeleteStep.Apply in pulumi/pulumi pkg/resource/deploy/step.go): the pending `deleting`
 * operation is persisted first; a protected resource then fails before any provider call (unless it is
 * the old half of a replacement, checked elsewhere); components, providers, read (external) and
 * `retainOnDelete` resources need no call; the rest are deleted through the `__provider` stored in
 * their own state, which is what makes a resource removed from the program deletable.
 */
export async function deleteResource(
  providers: DynamicProviderHost,
  journal: Checkpointer,
  resource: ResourceState,
  options: { replacing?: boolean; dryRun?: boolean },
  /** Records the deletion; runs before the checkpoint drops the pending operation. */
  onDeleted: () => void,
): Promise<void> {
  const journaled = resource.custom && resource.type !== dynamicProviderType && !options.dryRun;
  const operation = journaled ? await journal.begin("deleting", resource) : undefined;
  try {
    if (!options.replacing && resource.protect) throw new Error(deleteProtectedMessage(resource.urn));
    const needsCall =
      !options.dryRun &&
      resource.custom &&
      !resource.external &&
      !resource.retainOnDelete &&
      isDynamicResourceType(resource.type);
    if (needsCall) {
      const client = await providers.client();
      await client.delete(refFor(resource), resource.id ?? "", resource.outputs, resource.inputs);
    }
    onDeleted();
  } catch (err) {
    throw stepFailure(resource.urn, err);
  } finally {
    if (operation) await journal.end(operation);
  }
}
