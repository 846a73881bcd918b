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

/**
 * The deletion order cut into waves that may run concurrently: nothing in a wave depends on anything in
 * the same or a later wave, so every dependent is gone before what it depends on, as the real engine
 * schedules its deletes.
 */
export function deletionWaves(resources: readonly ResourceState[]): ResourceState[][] {
  let remaining = deletionOrder(resources);
  const waves: ResourceState[][] = [];
  while (remaining.length > 0) {
    const free = remaining.filter((resource) => !remaining.some((other) => dependsOn(other, resource.urn)));
    // deletionOrder already broke any cycle; take its next resource alone should one remain.
    const wave = free.length > 0 ? free : remaining.slice(0, 1);
    waves.push(wave);
    remaining = remaining.filter((resource) => !wave.includes(resource));
  }
  return waves;
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
