import * as pulumi from "@pulumi/pulumi";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { getConnectedAccountsDefinition, type ArgsOf, type ConnectedAccountInfo } from "./definitions";
import { cachedQuery } from "./query-cache";

export type GetConnectedAccountsArgs = ArgsOf<typeof getConnectedAccountsDefinition>;

export interface GetConnectedAccountsOutputArgs {
  integrationId?: pulumi.Input<string>;
  maxItems?: pulumi.Input<number>;
}

export interface GetConnectedAccountsResult {
  accounts: ConnectedAccountInfo[];
}

/**
 * The connected accounts of the account (tenant), or of one connector: every page (or the first
 * `maxItems`). Credentials are never part of the result, even from a server that sends them.
 */
export async function getConnectedAccounts(
  args: GetConnectedAccountsArgs = {},
  opts: FunctionOptions = {},
): Promise<GetConnectedAccountsResult> {
  const client = clientFor(opts);
  // The query strips credentials before the answer is cached, so the cache never holds them either.
  return cachedQuery(getConnectedAccountsDefinition.name, client, { ...args }, (query) =>
    getConnectedAccountsDefinition.query(client, query),
  );
}

/** `getConnectedAccounts` taking Inputs (e.g. a connector's `id`); the result is an Output. */
export function getConnectedAccountsOutput(
  args: GetConnectedAccountsOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetConnectedAccountsResult> {
  return outputOf(args, opts, getConnectedAccounts);
}
