import type { AuthField } from "./types";

/**
 * Auth fields shared by many apps' schemes; apps spread and override them where their wording differs.
 *
 * Who gives a field follows the real service, as its own responses and docs show: the developer's own
 * OAuth app (client id and secret, scopes, an OAuth1 consumer, a Google service-account key) is
 * `expected_from_customer: false` and goes in the connector's `authConfig`; each end user's credential (an
 * API key, a token, a password) is `expected_from_customer: true`, one of the connector's
 * `expectedInputFields`, given in a connected account's `data`.
 */

// ------------------------------------------------------------------ the developer's: connector authConfig

export const clientIdField: AuthField = {
  name: "client_id",
  display_name: "Client ID",
  type: "string",
  description: "Client ID of your OAuth app.",
  required: true,
  is_secret: false,
  expected_from_customer: false,
  default: null,
};

export const clientSecretField: AuthField = {
  name: "client_secret",
  display_name: "Client Secret",
  type: "string",
  description: "Client secret of your OAuth app.",
  required: true,
  is_secret: true,
  expected_from_customer: false,
  default: null,
};

/** A list of strings, as the service types `authConfig.scopes` (AuthConfigDTO); apps give their default list. */
export function scopesField(defaultScopes: string[]): AuthField {
  return {
    name: "scopes",
    display_name: "Scopes",
    type: "array",
    description: 'OAuth scopes to request, a list of strings, e.g. ["repo", "read:org"].',
    required: false,
    is_secret: false,
    expected_from_customer: false,
    default: defaultScopes,
  };
}

export const consumerKeyField: AuthField = {
  name: "consumer_key",
  display_name: "Consumer Key",
  type: "string",
  description: "Consumer key of your OAuth 1.0a application.",
  required: true,
  is_secret: false,
  expected_from_customer: false,
  default: null,
};

export const consumerSecretField: AuthField = {
  name: "consumer_secret",
  display_name: "Consumer Secret",
  type: "string",
  description: "Consumer secret of your OAuth 1.0a application.",
  required: true,
  is_secret: true,
  expected_from_customer: false,
  default: null,
};

export const privateKeyField: AuthField = {
  name: "private_key",
  display_name: "Private Key",
  type: "string",
  description: "PEM-encoded private key.",
  required: true,
  is_secret: true,
  expected_from_customer: false,
  default: null,
};

export const serviceAccountEmailField: AuthField = {
  name: "client_email",
  display_name: "Service Account Email",
  type: "string",
  description: "Email address of the Google Cloud service account (client_email in its JSON key).",
  required: true,
  is_secret: false,
  expected_from_customer: false,
  default: null,
};

// --------------------------------------------------------------- each end user's: connected account data

export const apiKeyField: AuthField = {
  name: "api_key",
  display_name: "API Key",
  type: "string",
  description: "API key used to authenticate requests.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const tokenField: AuthField = {
  name: "token",
  display_name: "Access Token",
  type: "string",
  description: "Token sent as `Authorization: Bearer <token>`.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const usernameField: AuthField = {
  name: "username",
  display_name: "Username",
  type: "string",
  description: "Username of the account.",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

export const passwordField: AuthField = {
  name: "password",
  display_name: "Password",
  type: "string",
  description: "Password of the account.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const delegatedUserField: AuthField = {
  name: "subject",
  display_name: "User to Impersonate",
  type: "string",
  description: "Workspace user the service account acts as (requires domain-wide delegation).",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};
