/**
 * URNs as the engine builds them (resource.NewURN in pulumi/pulumi sdk/go/common/resource/urn.go):
 * `urn:pulumi:<stack>::<project>::<qualified type>::<name>`, where the qualified type is prefixed with the
 * parent's qualified type and `$` unless the parent is the root stack.
 */
export const rootStackType = "pulumi:pulumi:Stack";
export const dynamicProviderType = "pulumi:providers:pulumi-nodejs";

export function makeUrn(
  stack: string,
  project: string,
  type: string,
  name: string,
  parentUrn: string,
): string {
  const parentType = parentUrn ? urnQualifiedType(parentUrn) : "";
  const qualified = parentType && parentType !== rootStackType ? `${parentType}$${type}` : type;
  return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

export function urnQualifiedType(urn: string): string {
  return urn.split("::")[2] ?? "";
}

/** The resource's own type: the last `$`-separated part of the qualified type. */
export function urnType(urn: string): string {
  const qualified = urnQualifiedType(urn);
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}

export function urnName(urn: string): string {
  return urn.split("::").slice(3).join("::");
}

export function isDynamicResourceType(type: string): boolean {
  return type.startsWith("pulumi-nodejs:dynamic");
}
