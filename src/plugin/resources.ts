import { RESOURCES, type ResourceRow } from "../resources";

/** The Pulumi package the plugin serves: tokens `integrations:index:<name>`, executable `pulumi-resource-integrations`. */
export const PACKAGE_NAME = "integrations";
export const MODULE = "index";
/**
 * Where the CLI downloads the plugin from: this project's GitHub releases. The schema carries it, so every SDK
 * names it in its default resource options, and the engine names the default provider after it.
 */
export const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-integrations/pulumi-integrations";

/** A resource as the plugin serves it: the registry's row (the schema, the token and the secret flags derive from it). */
export type PluginResource = ResourceRow;

/** Every resource the plugin serves, in the registry's order. */
export const PLUGIN_RESOURCES: readonly PluginResource[] = Object.values(RESOURCES);

export function tokenOf(definition: { name: string }): string {
  return `${PACKAGE_NAME}:${MODULE}:${definition.name}`;
}
