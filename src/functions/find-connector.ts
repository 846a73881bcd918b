import { NotFoundError, type ApiClient, type ConnectorRecord } from "../client";
import { ConnectorNotFoundError, type ConnectorLookup } from "./connector-not-found";
import { withVisibleAuthConfig } from "./visible-auth-config";

/** The live connector of this id or name, its possibly secret authConfig values left out. */
export async function findConnector(client: ApiClient, lookup: ConnectorLookup): Promise<ConnectorRecord> {
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
export function validLookup(args: unknown): ConnectorLookup {
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
