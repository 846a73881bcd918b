/**
 * The order in which the engine deletes: dependents before what they depend on (parent, dependsOn,
 * property dependencies and provider all count), otherwise the reverse of their order in state, which
 * is already a dependency order (pulumi/pulumi pkg/resource/graph/dependency_graph.go).
 */
import type { ResourceState } from "./state";

export function deletionOrder(resources: readonly ResourceState[]): ResourceState[] {
  const remaining = [...resources];
  const ordered: ResourceState[] = [];
  while (remaining.length > 0) {
    let index = remaining.length - 1;
    while (
      index >= 0 &&
      remaining.some((other, at) => at !== index && dependsOn(other, remaining[index]!.urn))
    ) {
      index--;
    }
    // A cycle cannot come out of a program; should state hold one anyway, fall back to reverse order.
    const [next] = remaining.splice(index >= 0 ? index : remaining.length - 1, 1);
    ordered.push(next!);
  }
  return ordered;
}

export function dependsOn(resource: ResourceState, urn: string): boolean {
  if (resource.urn === urn) return false;
  return (
    resource.parent === urn ||
    resource.dependencies.includes(urn) ||
    Object.values(resource.propertyDependencies).some((urns) => urns.includes(urn)) ||
    providerUrn(resource.provider) === urn
  );
}

/** A provider reference is `<urn>::<id>`; the id never contains `::`. */
function providerUrn(reference: string | undefined): string | undefined {
  return reference?.slice(0, reference.lastIndexOf("::"));
}
