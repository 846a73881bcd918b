import { z } from "zod";
import { checkInputs, httpUrl, optionalString, requiredString } from "../shared/input-rules";
import type { CheckResult } from "../shared/types";

/**
 * The inputs of a ConnectedAccount as a user writes them. The service has no route that changes an
 * account, so a change of any input replaces it (a new account is made before the old one is deleted).
 */
export interface ConnectedAccountInputs {
  /** The connector (integration) the account connects through. */
  integrationId: string;
  /**
   * This end user's credentials and connection fields: the connector's `expectedInputFields`, e.g.
   * `{ api_key: "..." }` for an API_KEY connector (which itself takes no key). A missing required one fails
   * check, named. Secret: stored encrypted, never shown by the service. Default `{}`.
   */
  data?: Record<string, unknown>;
  labels?: string[];
  /** The entity (end user) the account belongs to; the service's default when not given. */
  entityId?: string;
  /** OAuth connectors: where the browser returns once a person has completed `redirectUrl`. */
  redirectUri?: string;
  /**
   * Take over this existing account (e.g. one an interrupted `up` made) instead of creating one: its
   * connector (and entityId, when given) must be these. Its credentials cannot be read back, so they are
   * taken to be `data`. Only read at create time.
   */
  adoptId?: string;
}

/** Inputs after `check`: defaults filled. During a preview any field may hold the UNKNOWN sentinel. */
export interface CheckedConnectedAccountInputs {
  integrationId: string;
  data: Record<string, unknown>;
  labels?: string[];
  entityId?: string;
  redirectUri?: string;
  adoptId?: string;
}

const connectedAccountFields = {
  integrationId: requiredString(),
  data: z
    .record(z.string(), z.unknown(), { error: 'must be an object of fields, e.g. { api_key: "..." }' })
    .default({}),
  labels: z
    .array(z.string({ error: "must be a string" }), { error: 'must be a list of strings, e.g. ["team-a"]' })
    .optional(),
  entityId: optionalString(),
  redirectUri: httpUrl("https://app.example.com/oauth/done").optional(),
  adoptId: optionalString(),
};

export function checkConnectedAccountInputs(
  news: Record<string, unknown>,
): CheckResult<CheckedConnectedAccountInputs> {
  return checkInputs<CheckedConnectedAccountInputs>(connectedAccountFields, news, () => []);
}
