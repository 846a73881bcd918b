import * as pulumi from "@pulumi/pulumi";
import { NotFoundError, type ApiClient, type ConnectorRecord } from "../client";
import { clientFor, outputOf, type FunctionOptions, type OutputFunctionOptions } from "./client-for";
import { ConnectorNotFoundError, type ConnectorLookup } from "./connector-not-found";
import { cachedQuery } from "./query-cache";
import { withVisibleAuthConfig } from "./visible-auth-config";

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
  return cachedQuery("getConnector", client, { ...lookup }, () => findConnector(client, lookup));
}

/** `getConnector` taking Inputs (e.g. a name from config); the result is an Output. */
export function getConnectorOutput(
  args: GetConnectorOutputArgs,
  opts: OutputFunctionOptions = {},
): pulumi.Output<GetConnectorResult> {
  return outputOf(args, opts, (plain, resolved) => getConnector(plain as GetConnectorArgs, resolved));
}

async function findConnector(client: ApiClient, lookup: ConnectorLookup): Promise<ConnectorRecord> {
  const id = lookup.id !== undefined ? lookup.id : (await client.findIntegrationByName(lookup.name))?.id;
  if (id === undefined) throw new ConnectorNotFoundError(lookup);
  try {
    const record = await client.getIntegration(id);
    // The API still answers a GET of a soft-deleted connector, flagged `deleted`.
    if (record.deleted === true) throw new ConnectorNotFoundError(lookup);
    return withVisibleAuthConfig(record);
  } catch (error) {
    if (error instanceof NotFoundError) throw new ConnectorNotFoundError(lookup);
    throw error;
  }
}

/** Checked at run time too: a JavaScript caller, or an Output, can hand both or neither. */
function validLookup(args: unknown): ConnectorLookup {
  const { id, name } = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  if ((id === undefined) === (name === undefined)) {
    throw new TypeError(
      `getConnector: give exactly one of \`id\` and \`name\` (${id === undefined ? "got neither" : "got both"})`,
    );
  }
  const [field, value] = id !== undefined ? ["id", id] : ["name", name];
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`getConnector: \`${field}\` must be a non-empty string`);
  }
  return field === "id" ? { id: value } : { name: value };
}
