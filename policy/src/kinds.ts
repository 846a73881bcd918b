/**
 * The resource types of both front ends: the dynamic resources (`pulumi-nodejs:dynamic/integrations:<Kind>`) and
 * the provider plugin's (`integrations:index:<Kind>`). Both take the same input names, so a rule reads either.
 */
export const KINDS = [
  "Connector",
  "IntegrationState",
  "ConnectedAccount",
  "TriggerInstance",
  "TriggerWebhook",
] as const;
export type Kind = (typeof KINDS)[number];

const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/integrations:";
const PLUGIN_PREFIX = "integrations:index:";

/** The kind of a resource type of either front end, or undefined for any other type. */
export function kindOf(type: string): Kind | undefined {
  const name = type.startsWith(DYNAMIC_PREFIX)
    ? type.slice(DYNAMIC_PREFIX.length)
    : type.startsWith(PLUGIN_PREFIX)
      ? type.slice(PLUGIN_PREFIX.length)
      : undefined;
  return (KINDS as readonly string[]).includes(name ?? "") ? (name as Kind) : undefined;
}

/** Both front ends' types of a kind. */
export function typesOf(kind: Kind): string[] {
  return [DYNAMIC_PREFIX + kind, PLUGIN_PREFIX + kind];
}
