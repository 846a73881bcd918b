import * as pulumi from "@pulumi/pulumi";
import type { ConnectorRecord } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import type { ConnectorLookup } from "./connector-not-found";
import { getConnectorDefinition } from "./definitions";
import { validLookup } from "./find-connector";
import { cachedQuery } from "./query-cache";

/** Exactly one of `id` and `name`. */
export type GetConnectorArgs = ConnectorLookup;

export type GetConnectorOutputArgs =
  { id: pulumi.Input<string>; name?: undefined } | { name: pulumi.Input<string>; id?: undefined };

/**
 * The connector as the API shows it. `authConfig` holds only visible settings: a possibly secret value is
 * left out even when a server sends it (see visible-auth-config.ts). Typed
 * without the record's catch-all index signature, which would make the properties of
 * `getConnectorOutput(...)` (an Output lifts each one) all `Output<unknown>`.
 */
export type GetConnectorResult = {
  [K in keyof ConnectorRecord as string extends K ? never : K]: ConnectorRecord[K];
};

/**
 * One live connector, by `id` or by its exact `name` (unique among the account's live connectors).
 * Throws `ConnectorNotFoundError` when there is none (a deleted connector counts as none), and a
 * `TypeError` before any request unless exactly one of `id` and `name` is given.
 */
export async function getConnector(
  args: GetConnectorArgs,
  opts: FunctionOptions = {},
): Promise<GetConnectorResult> {
  const lookup = validLookup(args);
  const client = clientFor(opts);
  return cachedQuery(getConnectorDefinition.name, client, { ...lookup }, (query) =>
    getConnectorDefinition.query(client, query),
  );
}

/** `getConnector` taking Inputs (e.g. a name from config); the result is an Output. */
export function getConnectorOutput(
  args: GetConnectorOutputArgs,
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetConnectorResult> {
  return outputOf(args, opts, (plain, resolved) => getConnector(plain as GetConnectorArgs, resolved));
}
