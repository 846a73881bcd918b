import type { ApiClient, ClientSettings } from "../client";
import { sharedClient } from "../client/shared-clients";
import { programConfigSource, resolveSettings } from "../settings";

/** How a data function reaches the API. Default: the stack config / environment of the program. */
export interface FunctionOptions {
  /** Use this client (its base URL and key). */
  client?: ApiClient;
  /** Or build a client from these settings instead of the stack config. */
  settings?: ClientSettings;
}

/** The options' client, or the program's shared client for the given settings or the stack config. */
export function clientFor(options: FunctionOptions): ApiClient {
  if (options.client) return options.client;
  return sharedClient(options.settings ?? resolveSettings(programConfigSource(), process.env));
}
