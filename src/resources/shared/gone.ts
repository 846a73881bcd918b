import { NotFoundError, type ApiClient, type ConnectorRecord } from "../../client";

/**
 * The call's answer, or undefined when the API says the object is not there (404): what a delete, a
 * refresh or an adoption makes of an object that is already gone. Any other error stands.
 */
export async function unlessNotFound<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** The integration's record, or undefined when it is gone: a 404, or soft-deleted (`deleted: true`). */
export async function getUnlessGone(client: ApiClient, id: string): Promise<ConnectorRecord | undefined> {
  const record = await unlessNotFound(client.getIntegration(id));
  return record?.deleted ? undefined : record;
}
