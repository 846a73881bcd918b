import { ApiClient, type ClientSettings } from "./api-client";

/** One client per distinct settings in the process, so that callers share its keep-alive connections. */
const clients = new Map<string, ApiClient>();

export function sharedClient(settings: ClientSettings): ApiClient {
  const key = JSON.stringify([
    settings.baseUrl,
    settings.apiKey,
    settings.timeoutMs,
    settings.maxRetries,
    settings.maxConcurrentRequests,
    settings.maxRequestsPerSecond,
  ]);
  let client = clients.get(key);
  if (!client) {
    client = new ApiClient(settings);
    clients.set(key, client);
  }
  return client;
}
