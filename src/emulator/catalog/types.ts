/** The emulator's catalog: the apps and triggers a tenant can see. Shipped as data, replaceable for benchmarks. */

export interface AuthField {
  name: string;
  /** The label, `display_name` as the service sends it (clients tolerate `displayName`). */
  display_name: string;
  /** "array" for a list field (`scopes`, `user_scopes`): its value and default are lists of strings. */
  type: "string" | "array" | "boolean" | "number";
  description: string;
  required: boolean;
  is_secret: boolean;
  /**
   * true: each end user gives it, in a connected account's `data` (the connector lists it in its
   * `expectedInputFields`); false: the developer gives it once, in the connector's `authConfig`.
   */
  expected_from_customer: boolean;
  default: string | string[] | null;
}

export interface AuthScheme {
  /** The wire value of `authScheme`, e.g. "OAUTH2". */
  auth_mode: string;
  name: string;
  /** Every field a connector of this scheme, or an account of such a connector, takes (see AuthField). */
  fields: AuthField[];
}

/** The fields a connector's `authConfig` takes; create requires the required ones (unless `useServiceAuth`). */
export function connectorFields(scheme: AuthScheme): AuthField[] {
  return scheme.fields.filter((field) => !field.expected_from_customer);
}

/** The fields each connected account gives in `data`: the connector's `expectedInputFields`. */
export function accountFields(scheme: AuthScheme): AuthField[] {
  return scheme.fields.filter((field) => field.expected_from_customer);
}

export interface CatalogApp {
  id: string;
  /** Lower-case key, also the `appName` used on the wire ("github"). */
  key: string;
  name: string;
  displayName: string;
  description: string;
  logo: string;
  categories: string[];
  auth_schemes: AuthScheme[];
  /** Schemes that can be used with `useServiceAuth: true`. */
  serviceAuthSchemes: string[];
}

export interface CatalogTrigger {
  name: string;
  display_name: string;
  appKey: string;
  description: string;
  instructions: string;
  type: "poll" | "webhook";
  logo: string;
  config: { type: "object"; title: string; properties: Record<string, unknown>; required: string[] };
  payload: Record<string, unknown>;
  enabled: boolean;
}

export interface Catalog {
  apps: CatalogApp[];
  triggers: CatalogTrigger[];
}
