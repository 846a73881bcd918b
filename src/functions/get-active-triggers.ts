import * as pulumi from "@pulumi/pulumi";
import type { ActiveTrigger } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { getActiveTriggersDefinition, type ArgsOf } from "./definitions";
import { cachedQuery } from "./query-cache";

export type GetActiveTriggersArgs = ArgsOf<typeof getActiveTriggersDefinition>;

export interface GetActiveTriggersOutputArgs {
  connectedAccountIds?: pulumi.Input<pulumi.Input<string>[]>;
  integrationIds?: pulumi.Input<pulumi.Input<string>[]>;
  triggerIds?: pulumi.Input<pulumi.Input<string>[]>;
  triggerNames?: pulumi.Input<pulumi.Input<string>[]>;
  showDisabled?: pulumi.Input<boolean>;
  limit?: pulumi.Input<number>;
  maxItems?: pulumi.Input<number>;
}

export interface GetActiveTriggersResult {
  triggers: ActiveTrigger[];
}

/** The active trigger instances matching the filters, every page (or the first `maxItems`). */
export async function getActiveTriggers(
  args: GetActiveTriggersArgs = {},
  opts: FunctionOptions = {},
): Promise<GetActiveTriggersResult> {
  const client = clientFor(opts);
  return cachedQuery(getActiveTriggersDefinition.name, client, { ...args }, (query) =>
    getActiveTriggersDefinition.query(client, query),
  );
}

/** `getActiveTriggers` taking Inputs; the result is an Output. */
export function getActiveTriggersOutput(
  args: GetActiveTriggersOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetActiveTriggersResult> {
  return outputOf(args, opts, getActiveTriggers);
}
