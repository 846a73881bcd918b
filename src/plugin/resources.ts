import { RESOURCES, type ResourceRow } from "../resources";

/** The Pulumi package the plugin serves: tokens `integrations:index:<name>`, executable `pulumi-resource-integrations`. */
export const PACKAGE_NAME = "integrations";
export const MODULE = "index";

/** A resource as the plugin serves it: the registry's row (the schema, the token and the secret flags derive from it). */
export type PluginResource = ResourceRow;

/** Every resource the plugin serves, in the registry's order. */
export const PLUGIN_RESOURCES: readonly PluginResource[] = Object.values(RESOURCES);

export function tokenOf(definition: { name: string }): string {
  return `${PACKAGE_NAME}:${MODULE}:${definition.name}`;
}
