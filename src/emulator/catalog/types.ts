/** The emulator's catalog: the apps and triggers a tenant can see. Shipped as data, replaceable for benchmarks. */

export interface AuthField {
  name: string;
  displayName: string;
  type: "string" | "boolean" | "number";
  description: string;
  required: boolean;
  is_secret: boolean;
  expected_from_customer: boolean;
  default: string | null;
}

export interface AuthScheme {
  /** The wire value of `authScheme`, e.g. "OAUTH2". */
  auth_mode: string;
  name: string;
  /** The authConfig fields the scheme takes; the required ones must be given on create. */
  fields: AuthField[];
  /** Becomes the `expectedInputFields` of a connector of this scheme. */
  connectionFields: AuthField[];
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
