/**
 * The emulator's auth model against the real service's, as test/fixtures/service/auth-model.ts records it:
 * the developer's fields (`expected_from_customer: false`) go on the connector, each end user's (`true`)
 * are the connector's `expectedInputFields` and go in a connected account's `data`; and GET /api/v1/apps
 * advertises exactly what create and connectedAccounts accept. Everything goes through the client.
 */
import { ApiClient, BadRequestError, type AppAuthScheme, type ExpectedInputField } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { openApiDocument } from "../../src/emulator/openapi";
import {
  AUTH_CONFIG_LIST_FIELDS,
  EXPECTED_INPUT_FIELD_KEYS,
  QUICKSTART_API_KEY_CONNECTOR,
  SEEN_CONNECTORS,
  SEEN_EXPECTED_INPUT_FIELD,
} from "../fixtures/service/auth-model";

const apiKey = "emu_service_model_key";
let emulator: RunningEmulator;
let client: ApiClient;
let sequence = 0;
const uniqueName = (prefix: string) => `${prefix}-${++sequence}`;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apiKeys: [apiKey] });
  client = new ApiClient({ baseUrl: emulator.url, apiKey }, { retryDelayScaleMs: 1 });
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

const isOAuth = (authScheme: string) => authScheme.startsWith("OAUTH");
const names = (fields: ExpectedInputField[]) => fields.map((field) => field.name);
const sorted = (values: string[]) => [...values].sort();

/** The field's advertised default as is, or else a value of its advertised type (a list for a list field). */
function valueFor(field: ExpectedInputField): unknown {
  if (field.default !== undefined && field.default !== null) return field.default;
  return field.type === "array" ? ["scope-a"] : `${field.name}-value`;
}

const valuesOf = (fields: ExpectedInputField[]) =>
  Object.fromEntries(fields.map((field) => [field.name, valueFor(field)]));

async function badRequestOf(promise: Promise<unknown>): Promise<BadRequestError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BadRequestError);
  return error as BadRequestError;
}

describe("the real service's connectors, made on the emulator", () => {
  it.each(SEEN_CONNECTORS)("$what", async (seen) => {
    const [app] = (await client.listApps()).filter((candidate) => candidate.name === seen.appName);
    const schemes = (app?.auth_schemes ?? []).filter(
      (scheme) => seen.authScheme === undefined || scheme.auth_mode === seen.authScheme,
    );
    const matching: string[] = [];
    for (const scheme of schemes) {
      // Made as the service saw it made: with the recorded authConfig, or with none at all.
      const connector = await client
        .createIntegration({
          name: uniqueName(seen.appName),
          appName: seen.appName,
          authScheme: scheme.auth_mode,
          ...(seen.authConfig !== undefined && { authConfig: seen.authConfig }),
          forceNewIntegration: true,
        })
        .catch(() => undefined);
      if (connector === undefined) continue;
      const expects = JSON.stringify(sorted(names(connector.expectedInputFields)));
      if (expects === JSON.stringify(sorted(seen.expectedInputFields))) matching.push(scheme.auth_mode);
      for (const field of connector.expectedInputFields) {
        expect(field).toMatchObject(SEEN_EXPECTED_INPUT_FIELD);
        expect(sorted(Object.keys(field))).toEqual(sorted([...EXPECTED_INPUT_FIELD_KEYS]));
      }
    }
    expect({ app: seen.appName, schemesBehavingSo: matching.length > 0 }).toEqual({
      app: seen.appName,
      schemesBehavingSo: true,
    });
  });

  it("makes an API-key connector with useServiceAuth and no authConfig, as the service's quickstart does", async () => {
    const [linear] = (await client.listApps()).filter((app) => app.name === "linear");
    const connector = await client.createIntegration({
      name: uniqueName("quickstart"),
      appId: linear?.appId,
      ...QUICKSTART_API_KEY_CONNECTOR,
      forceNewIntegration: true,
    });
    expect(connector).toMatchObject({ authScheme: "API_KEY", authConfig: {} });
    expect(names(connector.expectedInputFields)).toEqual(["api_key"]);
  });

  it("refuses a connected account without the per-account fields, naming them; ACTIVE once given", async () => {
    const connector = await client.createIntegration({
      name: uniqueName("shopify"),
      appName: "shopify",
      authScheme: "API_KEY",
      forceNewIntegration: true,
    });
    const missing = await badRequestOf(
      client.createConnectedAccount({ integrationId: connector.id, data: { shop: "acme" } }),
    );
    expect(missing.status).toBe(400);
    expect(missing.serverMessage).toContain("data.admin_api_access_token");
    expect(missing.serverMessage).not.toContain("data.shop");
    const created = await client.createConnectedAccount({
      integrationId: connector.id,
      data: { shop: "acme", admin_api_access_token: "shpat_0123" },
    });
    expect(created.connectionStatus).toBe("ACTIVE");
  });
});

describe("GET /api/v1/apps advertises exactly what create and connectedAccounts accept", () => {
  it("for every app and scheme: a connector from its developer fields, an account from its per-account fields", async () => {
    const apps = await client.listApps();
    expect(apps.length).toBeGreaterThan(0);
    let schemesTried = 0;
    for (const app of apps) {
      for (const scheme of app.auth_schemes ?? []) {
        schemesTried++;
        await connectorAndAccountFrom(app.name, scheme);
      }
    }
    expect(schemesTried).toBeGreaterThanOrEqual(apps.length);
  });

  it("advertises list fields as lists with a list or null default, and labels as display_name", async () => {
    const fields = (await client.listApps()).flatMap((app) =>
      (app.auth_schemes ?? []).flatMap((scheme) => scheme.fields),
    );
    const listFields = fields.filter((field) =>
      (AUTH_CONFIG_LIST_FIELDS as readonly string[]).includes(field.name),
    );
    expect(listFields.length).toBeGreaterThan(0);
    for (const field of listFields) {
      expect({ name: field.name, type: field.type }).toEqual({ name: field.name, type: "array" });
      expect(field.default === null || Array.isArray(field.default)).toBe(true);
    }
    for (const field of fields) {
      expect(typeof field.display_name).toBe("string");
      expect(field).not.toHaveProperty("displayName");
    }
  });

  it("describes the same in /openapi.json: list-typed scopes in authConfig and in the apps' field defaults", () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generated document, read as JSON
    const schemas = (openApiDocument() as any).components.schemas;
    const authField = schemas.AuthField;
    expect(Object.keys(authField.properties)).toContain("display_name");
    expect(Object.keys(authField.properties)).not.toContain("displayName");
    expect(authField.properties.type.enum).toContain("array");
    expect(JSON.stringify(authField.properties.default)).toContain('"array"');
    const create = JSON.stringify(openApiDocument().paths);
    expect(create).toContain('"scopes":{"type":"array"');
  });
});

/**
 * Creates a connector of the scheme from the fields it advertises as the developer's (the required ones,
 * and every one with an advertised default, given that default as is: a default create refused would be a
 * lie), then an account from the per-account ones, and checks that the connector expects exactly the
 * advertised per-account fields.
 */
async function connectorAndAccountFrom(appName: string, scheme: AppAuthScheme): Promise<void> {
  const developers = scheme.fields.filter((field) => field.expected_from_customer === false);
  const customers = scheme.fields.filter((field) => field.expected_from_customer === true);
  const what = `${appName} ${scheme.auth_mode}`;
  const authConfig = valuesOf(
    developers.filter((field) => field.required === true || (field.default ?? null) !== null),
  );
  const connector = await client.createIntegration({
    name: uniqueName(`${appName}-${scheme.auth_mode}`),
    appName,
    authScheme: scheme.auth_mode,
    authConfig,
    forceNewIntegration: true,
  });
  expect({ what, expected: sorted(names(connector.expectedInputFields)) }).toEqual({
    what,
    expected: sorted(names(customers)),
  });
  const required = customers.filter((field) => field.required === true);
  if (required.length > 0) {
    const missing = await badRequestOf(
      client.createConnectedAccount({ integrationId: connector.id, data: {} }),
    );
    for (const field of required) expect(missing.serverMessage).toContain(`data.${field.name}`);
  }
  const account = await client.createConnectedAccount({
    integrationId: connector.id,
    data: valuesOf(customers),
  });
  expect({ what, status: account.connectionStatus }).toEqual({
    what,
    status: isOAuth(scheme.auth_mode) ? "INITIATED" : "ACTIVE",
  });
}
