import { NotFoundError, type ApiClient, type ConnectorRecord } from "../client";

/** The integration's record, or undefined when it is gone: a 404, or soft-deleted (`deleted: true`). */
export async function getUnlessGone(client: ApiClient, id: string): Promise<ConnectorRecord | undefined> {
  try {
    const record = await client.getIntegration(id);
    return record.deleted ? undefined : record;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
