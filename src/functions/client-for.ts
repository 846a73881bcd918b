import { ApiClient, type ClientSettings } from "../client";
import { programConfigSource, resolveSettings } from "../settings";

/** How a data function reaches the API. Default: the stack config / environment of the program. */
export interface FunctionOptions {
  /** Use this client (its base URL and key). */
  client?: ApiClient;
  /** Or build a client from these settings instead of the stack config. */
  settings?: ClientSettings;
}

/** One client per distinct settings for the whole program, so requests share keep-alive connections. */
const clients = new Map<string, ApiClient>();

export function clientFor(options: FunctionOptions): ApiClient {
  if (options.client) return options.client;
  const settings = options.settings ?? resolveSettings(programConfigSource(), process.env);
  const key = JSON.stringify([settings.baseUrl, settings.apiKey, settings.timeoutMs, settings.maxRetries]);
  let client = clients.get(key);
  if (!client) {
    client = new ApiClient(settings);
    clients.set(key, client);
  }
  return client;
}
