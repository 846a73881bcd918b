import * as pulumi from "@pulumi/pulumi";
import type { Trigger } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { warnOnce } from "./deprecation";
import { deprecationWarning, getTriggersDefinition, type ArgsOf } from "./definitions";
import { cachedQuery } from "./query-cache";

export type GetTriggersArgs = ArgsOf<typeof getTriggersDefinition>;

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
    warnOnce("showEnabledOnly", deprecationWarning(getTriggersDefinition, "showEnabledOnly"));
  }
  const client = clientFor(opts);
  return cachedQuery(getTriggersDefinition.name, client, { ...args }, (query) =>
    getTriggersDefinition.query(client, query),
  );
}

/** `getTriggers` taking Inputs (e.g. a connector's `id`); the result is an Output. */
export function getTriggersOutput(
  args: GetTriggersOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetTriggersResult> {
  return outputOf(args, opts, getTriggers);
}
