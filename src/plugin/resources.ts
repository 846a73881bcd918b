import type { z } from "zod";
import * as entry from "../dynamic/entry";
import { AUTONAME_SCOPE, connectorDefinition } from "../resources/connector/definition";
import { connectedAccountDefinition } from "../resources/connected-account/definition";
import { integrationStateDefinition } from "../resources/integration-state/definition";
import { triggerInstanceDefinition } from "../resources/trigger-instance/definition";
import { triggerWebhookDefinition } from "../resources/trigger-webhook/definition";
import type { ResourceDefinition } from "../resources/shared/definition";
import type { ResourceHandlers } from "../resources/shared/types";
import type { AutonameInputs } from "./autonaming";

/** The Pulumi package the plugin serves: tokens `integrations:index:<name>`, executable `pulumi-resource-integrations`. */
export const PACKAGE_NAME = "integrations";
export const MODULE = "index";

/** Plain values at the wire boundary: the handlers check and parse what they are given. */
export type PlainProps = Record<string, unknown>;

export interface PluginResource {
  definition: ResourceDefinition<z.ZodRawShape, z.ZodRawShape>;
  /** The same handler object the dynamic front end delegates to (`pulumi-integrations/dynamic`). */
  handlers: ResourceHandlers<PlainProps, PlainProps>;
  /**
   * Where the definition is declared: `src/resources/<folder>/definition.ts`, exporting `<export>`. The schema
   * generator reads the doc comments there.
   */
  source: { folder: string; export: string };
  /** The inputs through which Check autonames the resource, if it is autonamed (./autonaming.ts). */
  autoname?: AutonameInputs;
  /**
   * Internal inputs Check sets from the resource's identity, as the dynamic class sets them from its
   * constructor's arguments (they win over anything the program sends under those keys, as there).
   */
  internalInputs?: (resource: { name: string; urn: string }) => PlainProps;
}

/**
 * Every resource the plugin serves: one row each. A resource with a definition is added here and
 * nowhere else (the schema, the token and the secret flags derive from the row).
 */
export const PLUGIN_RESOURCES: readonly PluginResource[] = [
  {
    definition: connectorDefinition,
    handlers: atTheWire(entry.connector),
    source: { folder: "connector", export: "connectorDefinition" },
    autoname: { name: "name", prefix: "namePrefix", scope: AUTONAME_SCOPE },
  },
  {
    definition: integrationStateDefinition,
    handlers: atTheWire(entry.integrationState),
    source: { folder: "integration-state", export: "integrationStateDefinition" },
  },
  {
    definition: connectedAccountDefinition,
    handlers: atTheWire(entry.connectedAccount),
    source: { folder: "connected-account", export: "connectedAccountDefinition" },
  },
  {
    definition: triggerInstanceDefinition,
    handlers: atTheWire(entry.triggerInstance),
    source: { folder: "trigger-instance", export: "triggerInstanceDefinition" },
  },
  {
    definition: triggerWebhookDefinition,
    handlers: atTheWire(entry.triggerWebhook),
    source: { folder: "trigger-webhook", export: "triggerWebhookDefinition" },
    // One TriggerWebhook per account in a stack: check tells them apart by their logical names.
    internalInputs: ({ name }) => ({ resourceName: name }),
  },
];

export function tokenOf(definition: { name: string }): string {
  return `${PACKAGE_NAME}:${MODULE}:${definition.name}`;
}

/**
 * The typed handlers, seen from the wire: the engine's values are plain records, and the handlers' own
 * check validates them before diff, create or update gets them (the engine only passes checked inputs on).
 */
function atTheWire<I extends object, O extends object>(
  handlers: ResourceHandlers<I, O>,
): ResourceHandlers<PlainProps, PlainProps> {
  return handlers as unknown as ResourceHandlers<PlainProps, PlainProps>;
}
