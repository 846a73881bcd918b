import type { ApiClient } from "../client";
import { sharedClient } from "../client/shared-clients";
import { resolveSettings, type ConfigSource } from "../settings";

/**
 * The API client of a handler, resolved when a call needs it rather than when the provider is configured:
 * `configure` only keeps the stack config, so a missing API key is reported by the first call that needs
 * the API (with the settings module's message) and never by check or diff, which work offline.
 * Credentials are read here, inside the provider process, never captured into the serialized provider.
 */
export interface ClientForCall {
  configure(config: ConfigSource): void;
  /** Throws the settings module's SettingsError when the API key or base URL is missing. */
  client(): ApiClient;
}

export function createClientForCall(): ClientForCall {
  let stackConfig: ConfigSource | undefined;
  return {
    configure(config) {
      stackConfig = config;
    },
    // One client per distinct settings, shared by every handler of the process (keep-alive connections).
    client: () => sharedClient(resolveSettings(stackConfig, process.env)),
  };
}
