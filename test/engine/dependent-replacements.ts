/**
 * Which dependents a delete-before-replace must delete first (stepGenerator.calculateDependentReplacements
 * in pulumi/pulumi pkg/resource/deploy/step_generator.go): of the resources that transitively depend on
 * the one being replaced (dependencies, property dependencies, provider; not children) and that this
 * run has not registered yet, those whose provider Diff, with every input that depends on something
 * being replaced set to unknown, asks for a replacement. They come back in dependency order.
 */
import { unknownValue } from "./properties";
import type { PropertyMap } from "./properties";
import { matchesReplaceOnChanges } from "./property-paths";
import type { DynamicProviderHost } from "./provider-client";
import { refFor } from "./resource-ops";
import type { ResourceState } from "./state";
import { isDynamicResourceType } from "./urn";

export interface DependentReplacement {
  resource: ResourceState;
  /** The keys the dependent's Diff would replace it for. */
  keys: string[];
}

export async function dependentReplacements(
  root: ResourceState,
  olds: readonly ResourceState[],
  alreadyRegistered: ReadonlySet<string>,
  providers: DynamicProviderHost,
): Promise<DependentReplacement[]> {
  const dependents = new Set([root.urn]);
  const replaceSet = new Set([root.urn]);
  const result: DependentReplacement[] = [];
  for (const candidate of olds) {
    if (candidate.delete || candidate.urn === root.urn || alreadyRegistered.has(candidate.urn)) continue;
    if (!dependsOnAny(candidate, dependents)) continue;
    dependents.add(candidate.urn);
    const keys = await replacementKeys(candidate, replaceSet, providers);
    if (keys) {
      replaceSet.add(candidate.urn);
      result.push({ resource: candidate, keys });
    }
  }
  return result;
}

/** DependingOn(..., includeChildren=false) in pkg/resource/graph/dependency_graph.go: no parent edge. */
function dependsOnAny(resource: ResourceState, urns: ReadonlySet<string>): boolean {
  const providerUrn = resource.provider?.slice(0, resource.provider.lastIndexOf("::"));
  return (
    resource.dependencies.some((urn) => urns.has(urn)) ||
    Object.values(resource.propertyDependencies).some((deps) => deps.some((urn) => urns.has(urn))) ||
    (providerUrn !== undefined && urns.has(providerUrn))
  );
}

/** requiresReplacement in calculateDependentReplacements: undefined when no replacement is needed. */
async function replacementKeys(
  resource: ResourceState,
  replaceSet: ReadonlySet<string>,
  providers: DynamicProviderHost,
): Promise<string[] | undefined> {
  if (!resource.custom || resource.external || !isDynamicResourceType(resource.type)) return undefined;
  let affected = false;
  const inputs: PropertyMap = {};
  for (const [key, value] of Object.entries(resource.inputs)) {
    const dependsOnReplaced = (resource.propertyDependencies[key] ?? []).some((urn) => replaceSet.has(urn));
    affected ||= dependsOnReplaced;
    inputs[key] = dependsOnReplaced ? unknownValue : value;
  }
  if (!affected) return undefined;
  const client = await providers.client();
  const diff = await client.diff(
    refFor(resource),
    resource.id ?? "",
    resource.outputs,
    resource.inputs,
    inputs,
    resource.ignoreChanges ?? [],
  );
  const keys = [
    ...new Set([...diff.replaces, ...matchesReplaceOnChanges(diff.diffs, resource.replaceOnChanges ?? [])]),
  ];
  return keys.length > 0 ? keys : undefined;
}
