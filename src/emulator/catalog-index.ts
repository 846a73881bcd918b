/** Lookups over a catalog (apps by id and name, triggers by name) and the redaction rules derived from it. */
import type { AuthField, AuthScheme, Catalog, CatalogApp, CatalogTrigger } from "./catalog/types";
import type { ExpectedInputField } from "./records";

/** authConfig keys never returned, whatever the scheme says: the contract counts them sensitive for any app. */
const ALWAYS_SECRET = [
  "client_secret",
  "api_key",
  "password",
  "token",
  "consumer_secret",
  "private_key",
  "access_token",
  "refresh_token",
];

/** A trigger as GET /api/v1/triggers returns it, minus the per-tenant `count`. */
export interface TriggerView {
  appId: string;
  appKey: string;
  appName: string;
  display_name: string;
  name: string;
  config: CatalogTrigger["config"];
  description: string;
  enabled: boolean;
  instructions: string;
  payload: Record<string, unknown>;
  type: CatalogTrigger["type"];
  logo: string;
}

export class CatalogIndex {
  readonly apps: CatalogApp[];
  readonly triggers: TriggerView[];
  private readonly appsById = new Map<string, CatalogApp>();
  private readonly appsByName = new Map<string, CatalogApp>();
  private readonly triggersByName = new Map<string, TriggerView>();

  constructor(catalog: Catalog) {
    this.apps = catalog.apps;
    for (const app of catalog.apps) {
      this.appsById.set(app.id, app);
      this.appsByName.set(app.name.toLowerCase(), app);
      this.appsByName.set(app.key.toLowerCase(), app);
    }
    this.triggers = catalog.triggers.flatMap((trigger) => {
      const app = this.appsByName.get(trigger.appKey.toLowerCase());
      if (!app) return [];
      const view: TriggerView = {
        appId: app.id,
        appKey: app.key,
        appName: app.name,
        display_name: trigger.display_name,
        name: trigger.name,
        config: trigger.config,
        description: trigger.description,
        enabled: trigger.enabled,
        instructions: trigger.instructions,
        payload: trigger.payload,
        type: trigger.type,
        logo: trigger.logo,
      };
      return [view];
    });
    for (const trigger of this.triggers) this.triggersByName.set(trigger.name, trigger);
  }

  appById(id: string): CatalogApp | undefined {
    return this.appsById.get(id);
  }

  /** App names are matched case-insensitively; the key is accepted too. */
  appByName(name: string): CatalogApp | undefined {
    return this.appsByName.get(name.toLowerCase());
  }

  trigger(name: string): TriggerView | undefined {
    return this.triggersByName.get(name);
  }

  scheme(app: CatalogApp, authMode: string): AuthScheme | undefined {
    return app.auth_schemes.find((scheme) => scheme.auth_mode === authMode);
  }

  /** Lower-cased authConfig keys to omit for a connector of this app and scheme. */
  secretKeys(appId: string, authMode: string): Set<string> {
    const app = this.appById(appId);
    const scheme = app && this.scheme(app, authMode);
    return new Set([
      ...ALWAYS_SECRET,
      ...(scheme?.fields ?? []).filter((f) => f.is_secret).map((f) => f.name.toLowerCase()),
    ]);
  }
}

export function omitSecrets(config: Record<string, unknown>, secret: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !secret.has(key.toLowerCase())));
}

export function expectedInputField(field: AuthField): ExpectedInputField {
  return {
    name: field.name,
    type: field.type,
    description: field.description,
    display_name: field.display_name,
    default: field.default,
    required: field.required,
    expected_from_customer: field.expected_from_customer,
    is_secret: field.is_secret,
  };
}
