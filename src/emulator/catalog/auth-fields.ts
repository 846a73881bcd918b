import type { AuthField } from "./types";

/** Auth fields shared by many apps' schemes; apps spread and override them where their wording differs. */

export const clientIdField: AuthField = {
  name: "client_id",
  displayName: "Client ID",
  type: "string",
  description: "Client ID of your OAuth app.",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

export const clientSecretField: AuthField = {
  name: "client_secret",
  displayName: "Client Secret",
  type: "string",
  description: "Client secret of your OAuth app.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const scopesField: AuthField = {
  name: "scopes",
  displayName: "Scopes",
  type: "string",
  description: "Comma-separated OAuth scopes to request.",
  required: false,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

export const apiKeyField: AuthField = {
  name: "api_key",
  displayName: "API Key",
  type: "string",
  description: "API key used to authenticate requests.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const tokenField: AuthField = {
  name: "token",
  displayName: "Access Token",
  type: "string",
  description: "Token sent as `Authorization: Bearer <token>`.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const usernameField: AuthField = {
  name: "username",
  displayName: "Username",
  type: "string",
  description: "Username of the account.",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

export const passwordField: AuthField = {
  name: "password",
  displayName: "Password",
  type: "string",
  description: "Password of the account.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const consumerKeyField: AuthField = {
  name: "consumer_key",
  displayName: "Consumer Key",
  type: "string",
  description: "Consumer key of your OAuth 1.0a application.",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

export const consumerSecretField: AuthField = {
  name: "consumer_secret",
  displayName: "Consumer Secret",
  type: "string",
  description: "Consumer secret of your OAuth 1.0a application.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const privateKeyField: AuthField = {
  name: "private_key",
  displayName: "Private Key",
  type: "string",
  description: "PEM-encoded private key.",
  required: true,
  is_secret: true,
  expected_from_customer: true,
  default: null,
};

export const serviceAccountEmailField: AuthField = {
  name: "client_email",
  displayName: "Service Account Email",
  type: "string",
  description: "Email address of the Google Cloud service account (client_email in its JSON key).",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};

export const delegatedUserField: AuthField = {
  name: "subject",
  displayName: "User to Impersonate",
  type: "string",
  description: "Workspace user the service account acts as (requires domain-wide delegation).",
  required: true,
  is_secret: false,
  expected_from_customer: true,
  default: null,
};
