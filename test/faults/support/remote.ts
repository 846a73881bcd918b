/** The remote side, read through the project's own ApiClient (as a user's script would). */
import { ApiClient, collect, NotFoundError, type IntegrationSummary } from "../../../src/client";

function clientFor(baseUrl: string, apiKey: string): ApiClient {
  // Faults are off when the tests read; a few quick retries cover a server that is just coming back.
  return new ApiClient({ baseUrl, apiKey, maxRetries: 3 }, { retryDelayScaleMs: 20 });
}

/** Every connector of the key that is not deleted, enabled or not. */
export async function remoteConnectors(baseUrl: string, apiKey: string): Promise<IntegrationSummary[]> {
  const client = clientFor(baseUrl, apiKey);
  try {
    return await collect(client.listIntegrations({ showDisabled: true }));
  } finally {
    client.close();
  }
}

/** The ids among `ids` that the key cannot read as a live connector (404 or soft-deleted). */
export async function missingRemotely(baseUrl: string, apiKey: string, ids: string[]): Promise<string[]> {
  const client = clientFor(baseUrl, apiKey);
  try {
    // All at once: a server with injected latency would otherwise take ids × latency.
    const records = await Promise.all(
      ids.map((id) =>
        client.getIntegration(id).catch((error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        }),
      ),
    );
    return ids.filter((_, index) => {
      const record = records[index];
      return !record || record.deleted;
    });
  } finally {
    client.close();
  }
}
