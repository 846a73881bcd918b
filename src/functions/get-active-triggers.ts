import * as pulumi from "@pulumi/pulumi";
import { collect, type ActiveTrigger } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { cachedQuery } from "./query-cache";

export interface GetActiveTriggersArgs {
  connectedAccountIds?: string[];
  integrationIds?: string[];
  /** Trigger instance ids. */
  triggerIds?: string[];
  /** Trigger names, e.g. ["GITHUB_STAR_ADDED_EVENT"]. */
  triggerNames?: string[];
  /** Include disabled instances. */
  showDisabled?: boolean;
  /** Items per request, 1..100 (default 100). */
  limit?: number;
  /** Stop after this many instances (default: all pages). */
  maxItems?: number;
}

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
  return cachedQuery("getActiveTriggers", client, { ...args }, async (query) => ({
    triggers: await collect(client.activeTriggers(query)),
  }));
}

/** `getActiveTriggers` taking Inputs; the result is an Output. */
export function getActiveTriggersOutput(
  args: GetActiveTriggersOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetActiveTriggersResult> {
  return outputOf(args, opts, getActiveTriggers);
}
