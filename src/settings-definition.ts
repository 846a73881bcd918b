import { z } from "zod";
import { property } from "./resources/shared/definition";
import {
  DEFAULT_MAX_CONCURRENT_REQUESTS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  SETTINGS_ENV,
  SETTINGS_KEYS,
} from "./settings";

/**
 * The settings as the provider plugin's schema shows them (its config variables and the arguments of an
 * explicit `Provider`), each documented once by the doc comment on its key, like a resource's definition
 * (../resources/shared/definition.ts). resolveSettings (./settings.ts) stays the one that reads and checks
 * them; the keys are SETTINGS_KEYS' and the environment fallbacks SETTINGS_ENV's.
 */
export const settingsDefinition = {
  /**
   * The API key of the account the resources live in. Secret: `pulumi config set --secret
   * integrations:apiKey <key>`. Falls back to the INTEGRATIONS_API_KEY environment variable.
   */
  apiKey: property(z.string(), { secret: true }),
  /**
   * The API's base URL, e.g. https://api.example.com (or a local emulator's). Falls back to the
   * INTEGRATIONS_BASE_URL environment variable. A change replaces the resources: another base URL is another
   * service.
   */
  baseUrl: z.string(),
  /** How long one attempt of a request may take, in milliseconds. Default 30000. */
  timeoutMs: z.number().int().min(1).default(DEFAULT_TIMEOUT_MS),
  /**
   * Retries of a GET, PATCH or DELETE after a 408, 5xx, reset connection or timeout, with exponential
   * backoff. Default 4; 0 turns retries off. A 429 is not counted: it is waited out as its Retry-After says,
   * for up to 20 minutes per request (a resource's customTimeouts stops the wait sooner).
   */
  maxRetries: z.number().int().min(0).default(DEFAULT_MAX_RETRIES),
  /** Requests in flight at once for the whole provider process (all its resources). Default 8. */
  maxConcurrentRequests: z.number().int().min(1).default(DEFAULT_MAX_CONCURRENT_REQUESTS),
  /**
   * The most requests per second this provider process sends to the account, below what the service allows,
   * so that the tenant's live applications keep their share of the key's rate limit (the provider already
   * paces itself on the service's rate-limit headers and waits out its 429s). A positive number; fractions
   * allowed. Default: no cap of its own. Falls back to the INTEGRATIONS_MAX_REQUESTS_PER_SECOND environment
   * variable.
   */
  maxRequestsPerSecond: z.number().positive().optional(),
  /**
   * The account the API key must reach: the `client.id` that `GET /api/v1/client/auth/client_info` answers (the
   * project the key belongs to). Optional. Set, nothing is created or changed with a key of another account.
   * Left unset, the provider records the account its key reaches (the plugin in its own state, every resource in
   * its `accountId` output) and refuses to work on an object of another account all the same.
   */
  accountId: z.string().optional(),
} satisfies Record<keyof typeof SETTINGS_KEYS, z.ZodType>;

export type SettingName = keyof typeof SETTINGS_KEYS;

/** The environment variable a setting falls back to, if it has one. */
export function environmentOf(name: SettingName): string | undefined {
  return (SETTINGS_ENV as Partial<Record<SettingName, string>>)[name];
}
