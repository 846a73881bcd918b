import type { ConnectorRecord } from "../client";

/**
 * A key whose name says it may hold a credential: this covers the keys the contract names as sensitive
 * (`client_secret`, `api_key`, `password`, `token`, `consumer_secret`, `private_key`) and apps' own ones
 * (`admin_api_access_token`, `consumer_key`, ...).
 */
const SENSITIVE_NAME = /secret|passw|token|private|credential|key/i;

/**
 * The connector as a data function hands it to a program: `authConfig` keeps only the settings the service
 * shows (client_id, scopes, base_url, ...). The service should leave secret values out, but has been seen to
 * send `client_secret` in clear, and a data function's result reaches the program as plain values
 * that it may export or pass on, unencrypted. So a possibly secret key is left out here whatever the server
 * sends: a sensitive name, a field the connector lists as secret, or a masked value (already read as absent).
 * Left out rather than marked secret: `getConnector` returns a plain object, which cannot carry a secret, and
 * in `getConnectorOutput` Pulumi can only make the whole result secret, which would hide its id and name
 * (and make secret every resource input they flow into) for a value the service must not send anyway.
 */
export function withVisibleAuthConfig<R extends ConnectorRecord>(record: R): R {
  const secretFields = new Set(
    record.expectedInputFields.filter((field) => field.is_secret === true).map((field) => field.name),
  );
  const authConfig = Object.fromEntries(
    Object.entries(record.authConfig).filter(([key]) => !SENSITIVE_NAME.test(key) && !secretFields.has(key)),
  );
  return { ...record, authConfig };
}
