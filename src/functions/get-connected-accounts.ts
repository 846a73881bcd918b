import * as pulumi from "@pulumi/pulumi";
import { collect, type ConnectedAccount } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { cachedQuery } from "./query-cache";

export interface GetConnectedAccountsArgs {
  /** Only the accounts made from this connector (integration). */
  integrationId?: string;
  /** Stop after this many accounts (default: all pages). */
  maxItems?: number;
}

export interface GetConnectedAccountsOutputArgs {
  integrationId?: pulumi.Input<string>;
  maxItems?: pulumi.Input<number>;
}

/** A connected account without its credentials: what a program may read, log and export. */
export type ConnectedAccountInfo = ReturnType<typeof withoutCredentials>;

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
  return cachedQuery("getConnectedAccounts", client, { ...args }, async (query) => {
    const accounts = await collect(client.listConnectedAccounts(query));
    // Stripped before the answer is cached, so the cache never holds credentials either.
    return { accounts: accounts.map(withoutCredentials) };
  });
}

/** `getConnectedAccounts` taking Inputs (e.g. a connector's `id`); the result is an Output. */
export function getConnectedAccountsOutput(
  args: GetConnectedAccountsOutputArgs = {},
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetConnectedAccountsResult> {
  return outputOf(args, opts, getConnectedAccounts);
}

/**
 * Drops what a server may send of an account's credentials: `data` (the connection's input fields),
 * `connectionParams` (tokens, in the real service's full answer) and `authConfig` (the connector's, which
 * the published document puts on list items). A data function's result lands in program outputs and
 * logs in plain text, and the server's redaction of secret fields is not something to rely on.
 */
function withoutCredentials(account: ConnectedAccount) {
  const { data: _data, connectionParams: _connectionParams, authConfig: _authConfig, ...rest } = account;
  return rest;
}
