import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiClient } from "../../client";
import { sharedClient } from "../../client/shared-clients";
import { resolveSettings, SettingsError, type ConfigSource } from "../../settings";

/**
 * The API client of a handler, resolved when a call needs it rather than when the provider is configured:
 * `configure` only keeps the stack config, so a missing API key is reported by the first call that needs
 * the API (with the settings module's message) and never by check or diff, which work offline.
 * Credentials are read here, inside the provider process, never captured into the serialized provider.
 *
 * A resource with a `connection` input (connection.ts) runs its call inside `withCallConnection`: the
 * client is then that account's, with the stack config's timeout, retries and concurrency cap.
 */
export interface ClientForCall {
  configure(config: ConfigSource, accountRecorded?: boolean): void;
  /** Throws the settings module's SettingsError when the API key or base URL is missing. */
  client(): ApiClient;
  /**
   * The account the call's key must reach, when its settings pin one (`integrations:accountId`; a
   * `connection` names its own account and carries no pin). Throws as `client()` does.
   */
  pinnedAccount(): string | undefined;
  /**
   * The account the user chose for the call's key (`integrations:accountId`, the provider's `accountId`), when
   * one is chosen: the pin, unless the plugin's CheckConfig recorded it (ConfigureRequest.accountRecorded).
   */
  chosenAccount(): string | undefined;
  /**
   * False inside a check whose resource names a `connection` that is not known yet (a preview) or is
   * invalid: which account the resource lives in is then unknown, and `client()` would answer the stack
   * config's, so what depends on the account itself (the names its connectors hold) is not known either.
   */
  accountKnown(): boolean;
  /**
   * Runs `call` with the call's key and settings at another base URL: where an object's state says it lives,
   * when the provider now reaches that service under another spelling.
   */
  atBaseUrl<T>(baseUrl: string, call: () => Promise<T>): Promise<T>;
}

interface CallConnection {
  baseUrl: string;
  apiKey: string;
}

/** A connection that is given but not known yet, or invalid (see `accountKnown`). */
export const UNKNOWN_CONNECTION = Symbol("connection not known");

/** The connection of the call in progress (AsyncLocalStorage: concurrent calls of other resources keep theirs). */
const callConnection = new AsyncLocalStorage<CallConnection | typeof UNKNOWN_CONNECTION | undefined>();

export function withCallConnection<T>(
  connection: CallConnection | typeof UNKNOWN_CONNECTION | undefined,
  call: () => Promise<T>,
): Promise<T> {
  return callConnection.run(connection ?? undefined, call);
}

/** The call's own connection, if it has a usable one. */
function usableConnection(): CallConnection | undefined {
  const connection = callConnection.getStore();
  return connection === UNKNOWN_CONNECTION ? undefined : connection;
}

export function createClientForCall(): ClientForCall {
  let stackConfig: ConfigSource | undefined;
  let recorded = false;
  const pinnedAccount = () => resolveSettings(stackConfig, process.env, usableConnection()).accountId;
  return {
    configure(config, accountRecorded = false) {
      stackConfig = config;
      recorded = accountRecorded;
    },
    // One client per distinct settings, shared by every handler of the process (keep-alive connections).
    client: () => sharedClient(resolveSettings(stackConfig, process.env, usableConnection())),
    pinnedAccount,
    chosenAccount: () => (recorded ? undefined : pinnedAccount()),
    accountKnown: () => callConnection.getStore() !== UNKNOWN_CONNECTION,
    atBaseUrl: (baseUrl, call) => {
      const { apiKey } = resolveSettings(stackConfig, process.env, usableConnection());
      return withCallConnection({ baseUrl, apiKey }, call);
    },
  };
}

/**
 * The client a check may read the API with, or undefined: without settings (the first write reports them)
 * or in an account not known yet (a preview's unknown `connection`), a check makes no request.
 */
export function clientForCheck(api: ClientForCall): ApiClient | undefined {
  if (!api.accountKnown()) return undefined;
  try {
    return api.client();
  } catch (error) {
    if (error instanceof SettingsError) return undefined;
    throw error;
  }
}
