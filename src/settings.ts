import { DEFAULT_MAX_CONCURRENT_REQUESTS } from "./client/request-scheduler";
import { carriesCredentials, publicUrl } from "./public-url";

/**
 * Connection settings, resolved the same way on both sides: the program (Pulumi stack config, read by
 * ./program-config.ts) and the providers (the config map of the `configure` request). Stack config wins over
 * the environment. No import of the Pulumi runtime here: the provider plugin resolves settings too, and
 * runs without it.
 */

export interface Settings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  /** Requests in flight at once for the whole process (program or provider). */
  maxConcurrentRequests: number;
  /** This process's ceiling on the account's request rate, when set. */
  maxRequestsPerSecond?: number;
  /** The account the key must reach (`client.id`), when the stack pins one. */
  accountId?: string;
}

/** Reads fully qualified keys such as `integrations:apiKey`; undefined when not set. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

export class SettingsError extends Error {
  /** The config key at fault, e.g. `integrations:timeoutMs`. */
  readonly key: string;

  constructor(key: string, message: string) {
    super(message);
    this.name = "SettingsError";
    this.key = key;
  }
}

export const SETTINGS_KEYS = {
  apiKey: "integrations:apiKey",
  baseUrl: "integrations:baseUrl",
  timeoutMs: "integrations:timeoutMs",
  maxRetries: "integrations:maxRetries",
  maxConcurrentRequests: "integrations:maxConcurrentRequests",
  maxRequestsPerSecond: "integrations:maxRequestsPerSecond",
  accountId: "integrations:accountId",
} as const;

export const SETTINGS_ENV = {
  apiKey: "INTEGRATIONS_API_KEY",
  baseUrl: "INTEGRATIONS_BASE_URL",
  maxRequestsPerSecond: "INTEGRATIONS_MAX_REQUESTS_PER_SECOND",
} as const;

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RETRIES = 4;
export { DEFAULT_MAX_CONCURRENT_REQUESTS };

const EMPTY_CONFIG: ConfigSource = { get: () => undefined };

/**
 * `connection`, when given (a resource's or a data function's own account), replaces the API key and base
 * URL of the stack config (and drops its account pin); the other settings still come from the stack config.
 */
export function resolveSettings(
  config: ConfigSource = EMPTY_CONFIG,
  env: NodeJS.ProcessEnv = process.env,
  connection?: { baseUrl: string; apiKey: string },
): Settings {
  if (connection) {
    // The connection names its own account: the stack config's pin is about the stack config's key.
    const own: Record<string, string | undefined> = {
      [SETTINGS_KEYS.apiKey]: connection.apiKey,
      [SETTINGS_KEYS.baseUrl]: connection.baseUrl,
      [SETTINGS_KEYS.accountId]: undefined,
    };
    return resolveSettings({ get: (key) => (key in own ? own[key] : config.get(key)) }, env);
  }
  const apiKey = firstSet(config.get(SETTINGS_KEYS.apiKey), env[SETTINGS_ENV.apiKey]);
  if (apiKey === undefined) {
    throw new SettingsError(
      SETTINGS_KEYS.apiKey,
      `Missing API key: set the secret stack config \`${SETTINGS_KEYS.apiKey}\` ` +
        `(pulumi config set --secret ${SETTINGS_KEYS.apiKey} ...) or the ${SETTINGS_ENV.apiKey} environment variable.`,
    );
  }
  // The value is never echoed: a key pasted with a stray space or newline must not end up in a log.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new SettingsError(
      SETTINGS_KEYS.apiKey,
      `Invalid API key in \`${SETTINGS_KEYS.apiKey}\` / ${SETTINGS_ENV.apiKey}: it contains spaces or non-printable characters.`,
    );
  }
  const baseUrl = withCredentialsOf(
    firstSet(config.get(SETTINGS_KEYS.baseUrl)),
    firstSet(env[SETTINGS_ENV.baseUrl]),
  );
  if (baseUrl === undefined) {
    throw new SettingsError(
      SETTINGS_KEYS.baseUrl,
      `Missing API base URL: set the stack config \`${SETTINGS_KEYS.baseUrl}\` ` +
        `(pulumi config set ${SETTINGS_KEYS.baseUrl} https://...) or the ${SETTINGS_ENV.baseUrl} environment variable.`,
    );
  }
  return {
    apiKey,
    baseUrl: validBaseUrl(baseUrl),
    timeoutMs: integerSetting(
      config,
      SETTINGS_KEYS.timeoutMs,
      DEFAULT_TIMEOUT_MS,
      1,
      "a positive integer (milliseconds)",
    ),
    maxRetries: integerSetting(
      config,
      SETTINGS_KEYS.maxRetries,
      DEFAULT_MAX_RETRIES,
      0,
      "a non-negative integer",
    ),
    maxConcurrentRequests: integerSetting(
      config,
      SETTINGS_KEYS.maxConcurrentRequests,
      DEFAULT_MAX_CONCURRENT_REQUESTS,
      1,
      "a positive integer",
    ),
    ...requestRateCap(config, env),
    ...pinnedAccount(config),
  };
}

/**
 * `integrations:maxRequestsPerSecond` (else INTEGRATIONS_MAX_REQUESTS_PER_SECOND), when set: a positive number,
 * fractions allowed (0.5 is one request every two seconds).
 */
function requestRateCap(config: ConfigSource, env: NodeJS.ProcessEnv): { maxRequestsPerSecond?: number } {
  const fromConfig = firstSet(config.get(SETTINGS_KEYS.maxRequestsPerSecond));
  const raw = fromConfig ?? firstSet(env[SETTINGS_ENV.maxRequestsPerSecond]);
  if (raw === undefined) return {};
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value > 0)) {
    const where =
      fromConfig === undefined
        ? SETTINGS_ENV.maxRequestsPerSecond
        : `\`${SETTINGS_KEYS.maxRequestsPerSecond}\``;
    throw new SettingsError(
      SETTINGS_KEYS.maxRequestsPerSecond,
      `Invalid ${where}: expected a positive number of requests per second (e.g. 5 or 0.5), got "${raw}".`,
    );
  }
  return { maxRequestsPerSecond: value };
}

/** `integrations:accountId`, when set: printable, no spaces (an id is never echoed back in a message as typed). */
function pinnedAccount(config: ConfigSource): { accountId?: string } {
  const accountId = firstSet(config.get(SETTINGS_KEYS.accountId));
  if (accountId === undefined) return {};
  if (!/^[\x21-\x7e]+$/.test(accountId)) {
    throw new SettingsError(
      SETTINGS_KEYS.accountId,
      `Invalid \`${SETTINGS_KEYS.accountId}\`: expected an account id (client.id of the service's client_info), without spaces.`,
    );
  }
  return { accountId };
}

/** A config source over a plain map of fully qualified keys (e.g. the provider's `configure` variables). */
export function mapConfigSource(values: Readonly<Record<string, string | undefined>>): ConfigSource {
  return { get: (key) => values[key] };
}

/**
 * The base URL: the stack config's, else the environment's. A config URL that is the environment's without its
 * credentials (the public URL the plugin records in its provider's state, never what the environment adds to
 * it: public-url.ts) takes them from the environment, so that a refresh or destroy configured from that state
 * still reaches the service as the environment says to.
 */
function withCredentialsOf(config: string | undefined, env: string | undefined): string | undefined {
  if (config === undefined) return env;
  return env !== undefined && carriesCredentials(env) && publicUrl(env) === config ? env : config;
}

function firstSet(...values: (string | undefined)[]): string | undefined {
  return values.map((value) => value?.trim()).find((value) => value !== undefined && value !== "");
}

function validBaseUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // The value is not echoed: a URL may carry credentials (https://user:pass@host).
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new SettingsError(
      SETTINGS_KEYS.baseUrl,
      `Invalid \`${SETTINGS_KEYS.baseUrl}\` / ${SETTINGS_ENV.baseUrl}: expected an http(s) URL such as https://api.example.com.`,
    );
  }
  return value.replace(/\/+$/, "");
}

function integerSetting(
  config: ConfigSource,
  key: string,
  fallback: number,
  min: number,
  expected: string,
): number {
  const raw = firstSet(config.get(key));
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new SettingsError(key, `Invalid \`${key}\`: expected ${expected}, got ${JSON.stringify(raw)}.`);
  }
  return value;
}
