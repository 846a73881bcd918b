import { builtInCatalog, generateCatalog } from "../../src/emulator/catalog";
import type { AuthField, CatalogApp } from "../../src/emulator/catalog";

const { apps, triggers } = builtInCatalog;

const KNOWN_AUTH_MODES = [
  "OAUTH2",
  "OAUTH1",
  "OAUTH1A",
  "API_KEY",
  "BASIC",
  "BEARER_TOKEN",
  "GOOGLE_SERVICE_ACCOUNT",
  "GOOGLEADS_AUTH",
  "NO_AUTH",
  "BASIC_WITH_JWT",
  "COMPOSIO_LINK",
  "CALCOM_AUTH",
  "BILLCOM_AUTH",
];
const SECRET_FIELD_NAMES = [
  "client_secret",
  "api_key",
  "password",
  "token",
  "consumer_secret",
  "private_key",
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function duplicates(values: string[]): string[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

function allFields(app: CatalogApp): AuthField[] {
  return app.auth_schemes.flatMap((scheme) => scheme.fields);
}

describe("built-in catalog: apps", () => {
  it("has the agreed apps and at least 8 of them", () => {
    expect(apps.length).toBeGreaterThanOrEqual(8);
    const keys = apps.map((app) => app.key);
    for (const key of ["github", "slack", "gmail", "notion", "linear", "jira", "googlecalendar", "hubspot"]) {
      expect(keys).toContain(key);
    }
  });

  it("has unique UUID ids and unique lower-case keys equal to the wire name", () => {
    expect(duplicates(apps.map((app) => app.id))).toEqual([]);
    expect(duplicates(apps.map((app) => app.key))).toEqual([]);
    for (const app of apps) {
      expect(app.id).toMatch(UUID);
      expect(app.key).toMatch(/^[a-z0-9]+$/);
      expect(app.name).toBe(app.key);
      expect(app.logo).toBe(`https://logos.integrations.example/${app.key}.svg`);
    }
  });

  it("gives every app at least one known auth scheme, each mode once, and service schemes it supports", () => {
    for (const app of apps) {
      const modes = app.auth_schemes.map((scheme) => scheme.auth_mode);
      expect(modes.length).toBeGreaterThanOrEqual(1);
      expect(duplicates(modes)).toEqual([]);
      for (const mode of modes) expect(KNOWN_AUTH_MODES).toContain(mode);
      for (const mode of app.serviceAuthSchemes) expect(modes).toContain(mode);
      if (modes.includes("OAUTH2")) expect(app.serviceAuthSchemes).toContain("OAUTH2");
    }
  });

  it("marks every secret field name as is_secret, and field names are unique within a scheme", () => {
    for (const app of apps) {
      for (const field of allFields(app)) {
        if (SECRET_FIELD_NAMES.includes(field.name)) {
          expect({ app: app.key, field: field.name, is_secret: field.is_secret }).toEqual({
            app: app.key,
            field: field.name,
            is_secret: true,
          });
        }
      }
      for (const scheme of app.auth_schemes) {
        const names = scheme.fields.map((field) => field.name);
        expect(duplicates(names)).toEqual([]);
      }
    }
  });

  it("gives OAUTH2 schemes a required client_id and client_secret", () => {
    for (const app of apps) {
      for (const scheme of app.auth_schemes.filter((s) => s.auth_mode === "OAUTH2")) {
        const required = scheme.fields.filter((field) => field.required).map((field) => field.name);
        expect(required).toEqual(expect.arrayContaining(["client_id", "client_secret"]));
      }
    }
  });
});

describe("built-in catalog: triggers", () => {
  it("has at least 40 triggers with unique names", () => {
    expect(triggers.length).toBeGreaterThanOrEqual(40);
    expect(duplicates(triggers.map((trigger) => trigger.name))).toEqual([]);
  });

  it("ties every trigger to an existing app, named after it, with the app's logo", () => {
    const appsByKey = new Map(apps.map((app) => [app.key, app]));
    for (const trigger of triggers) {
      const app = appsByKey.get(trigger.appKey);
      expect(app).toBeDefined();
      expect(trigger.name).toMatch(new RegExp(`^${trigger.appKey.toUpperCase()}_[A-Z0-9_]+$`));
      expect(trigger.logo).toBe(app?.logo);
    }
  });

  it("gives every app at least 4 triggers", () => {
    for (const app of apps) {
      const count = triggers.filter((trigger) => trigger.appKey === app.key).length;
      expect({ app: app.key, enough: count >= 4 }).toEqual({ app: app.key, enough: true });
    }
  });

  it("has mostly enabled triggers and a few disabled ones", () => {
    const disabled = triggers.filter((trigger) => !trigger.enabled).length;
    expect(disabled).toBeGreaterThanOrEqual(1);
    expect(disabled).toBeLessThan(triggers.length / 4);
  });

  it("has both trigger types, texts and a non-empty sample payload on every trigger", () => {
    expect(new Set(triggers.map((trigger) => trigger.type))).toEqual(new Set(["poll", "webhook"]));
    for (const trigger of triggers) {
      expect(["poll", "webhook"]).toContain(trigger.type);
      expect(trigger.display_name.length).toBeGreaterThan(0);
      expect(trigger.description.length).toBeGreaterThan(0);
      expect(trigger.instructions.length).toBeGreaterThan(0);
      expect(Object.keys(trigger.payload).length).toBeGreaterThan(0);
    }
  });

  it("gives every trigger an object config schema whose required names exist and properties are described", () => {
    for (const trigger of triggers) {
      const { config } = trigger;
      expect(config.type).toBe("object");
      expect(config.title.length).toBeGreaterThan(0);
      const propertyNames = Object.keys(config.properties);
      for (const required of config.required) {
        expect({ trigger: trigger.name, required, known: propertyNames.includes(required) }).toEqual({
          trigger: trigger.name,
          required,
          known: true,
        });
      }
      for (const [name, schema] of Object.entries(config.properties)) {
        expect({ trigger: trigger.name, name, schema }).toEqual({
          trigger: trigger.name,
          name,
          schema: expect.objectContaining({
            type: expect.any(String),
            title: expect.any(String),
            description: expect.any(String),
          }),
        });
      }
    }
  });

  it("is plain JSON data (survives a JSON round trip unchanged)", () => {
    expect(JSON.parse(JSON.stringify(builtInCatalog))).toEqual(builtInCatalog);
  });
});

describe("generateCatalog", () => {
  it("yields 10,000 uniquely named triggers of the built-in apps, spread over all of them", () => {
    const catalog = generateCatalog(10000);
    expect(catalog.apps).toEqual(apps);
    expect(catalog.triggers).toHaveLength(10000);
    expect(new Set(catalog.triggers.map((trigger) => trigger.name)).size).toBe(10000);
    const keys = new Set(apps.map((app) => app.key));
    for (const trigger of catalog.triggers) expect(keys.has(trigger.appKey)).toBe(true);
    for (const app of apps) {
      const count = catalog.triggers.filter((trigger) => trigger.appKey === app.key).length;
      expect(count).toBeGreaterThanOrEqual(Math.floor(10000 / apps.length));
    }
  });

  it("is deterministic and does not clash with built-in names", () => {
    const first = generateCatalog(500).triggers.map((trigger) => trigger.name);
    expect(generateCatalog(500).triggers.map((trigger) => trigger.name)).toEqual(first);
    const builtInNames = new Set(triggers.map((trigger) => trigger.name));
    expect(first.filter((name) => builtInNames.has(name))).toEqual([]);
  });

  it("handles 0 and rejects counts that are not non-negative integers", () => {
    expect(generateCatalog(0).triggers).toEqual([]);
    expect(() => generateCatalog(-1)).toThrow(RangeError);
    expect(() => generateCatalog(2.5)).toThrow(RangeError);
  });
});
