import * as pulumi from "@pulumi/pulumi";
import type { Trigger } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { warnOnce } from "./deprecation";
import { cachedQuery } from "./query-cache";

export interface GetTriggersArgs {
  /** App names (the `name` of GET /api/v1/apps), e.g. ["github", "slack"]. */
  appNames?: string[];
  /** Triggers that can be set up for these connected accounts. */
  connectedAccountIds?: string[];
  /** Trigger names, e.g. ["GITHUB_STAR_ADDED_EVENT"]. */
  triggerIds?: string[];
  /** Triggers of the apps of these integrations (connectors). */
  integrationIds?: string[];
  /** @deprecated The API deprecates it and will remove it: filter the result on `enabled` instead. */
  showEnabledOnly?: boolean;
}

export interface GetTriggersOutputArgs {
  appNames?: pulumi.Input<pulumi.Input<string>[]>;
  connectedAccountIds?: pulumi.Input<pulumi.Input<string>[]>;
  triggerIds?: pulumi.Input<pulumi.Input<string>[]>;
  integrationIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** @deprecated The API deprecates it and will remove it: filter the result on `enabled` instead. */
  showEnabledOnly?: pulumi.Input<boolean>;
}

export interface GetTriggersResult {
  triggers: Trigger[];
}

/** The triggers available for the given apps, accounts, trigger names or integrations (filters AND together). */
export async function getTriggers(
  args: GetTriggersArgs = {},
  opts: FunctionOptions = {},
): Promise<GetTriggersResult> {
  if (args.showEnabledOnly !== undefined) {
    warnOnce(
      "showEnabledOnly",
      "getTriggers: `showEnabledOnly` is deprecated by the API and will be removed; filter the result on `enabled` instead.",
    );
  }
  const client = clientFor(opts);
  return cachedQuery("getTriggers", client, { ...args }, async (query) => ({
    triggers: await client.listTriggers(query),
  }));
}

/** `getTriggers` taking Inputs (e.g. a connector's `id`); the result is an Output. */
export function getTriggersOutput(
  args: GetTriggersOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetTriggersResult> {
  return outputOf(args, opts, getTriggers);
}
