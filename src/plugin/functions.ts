import type { z } from "zod";
import type { ApiClient } from "../client";
import {
  getActiveTriggersDefinition,
  getAppsDefinition,
  getConnectedAccountsDefinition,
  getConnectorDefinition,
  getTriggerLogsDefinition,
  getTriggersDefinition,
  type FunctionDefinition,
} from "../functions/definitions";
import { MODULE, PACKAGE_NAME } from "./resources";

/** A data function as the plugin sees it: its arguments and result at the wire are plain records. */
export type PluginFunctionDefinition = Omit<FunctionDefinition<z.ZodRawShape, z.ZodRawShape>, "query"> & {
  query(client: ApiClient, args: Record<string, unknown>): Promise<unknown>;
};

export interface PluginFunction {
  definition: PluginFunctionDefinition;
  /** The export of src/functions/definitions.ts that declares it: the schema generator reads its doc comments. */
  source: { export: string };
}

/**
 * Every data function the plugin serves as an invoke (`integrations:index:<name>`): one row each. The schema's
 * `functions` section and the Invoke method derive from the rows.
 */
export const PLUGIN_FUNCTIONS: readonly PluginFunction[] = [
  { definition: atTheWire(getTriggersDefinition), source: { export: "getTriggersDefinition" } },
  { definition: atTheWire(getConnectorDefinition), source: { export: "getConnectorDefinition" } },
  { definition: atTheWire(getAppsDefinition), source: { export: "getAppsDefinition" } },
  {
    definition: atTheWire(getConnectedAccountsDefinition),
    source: { export: "getConnectedAccountsDefinition" },
  },
  { definition: atTheWire(getActiveTriggersDefinition), source: { export: "getActiveTriggersDefinition" } },
  { definition: atTheWire(getTriggerLogsDefinition), source: { export: "getTriggerLogsDefinition" } },
];

export function functionTokenOf(definition: { name: string }): string {
  return `${PACKAGE_NAME}:${MODULE}:${definition.name}`;
}

/** The typed query, seen from the wire: the Invoke parses the arguments with the definition's shape first. */
function atTheWire<A extends z.ZodRawShape, R extends z.ZodRawShape>(
  definition: FunctionDefinition<A, R>,
): PluginFunctionDefinition {
  return definition as unknown as PluginFunctionDefinition;
}
