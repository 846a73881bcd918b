import { collect, type ApiClient } from "../../src/client";

/** The ids of the live (not deleted) connectors that hold this name, as the client's account sees them. */
export async function liveConnectorIds(client: ApiClient, name: string): Promise<string[]> {
  const all = await collect(client.listIntegrations({ showDisabled: true }));
  return all.filter((item) => item.name === name && item.deleted !== true).map((item) => item.id);
}
