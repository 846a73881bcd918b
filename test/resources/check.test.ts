import { createConnectorHandlers } from "../../src/resources/connector/handlers";
import * as dynamic from "../../src/dynamic/entry";
import { createIntegrationStateHandlers } from "../../src/resources/integration-state/handlers";
import type { CheckFailure } from "../../src/resources/shared/types";
import { UNKNOWN } from "../../src/resources/shared/unknowns";

const connector = createConnectorHandlers();
const integrationState = createIntegrationStateHandlers();

const validConnector = { name: "github-main", appName: "github" };
const validState = { integrationId: "int-1", enabled: false };

/** [case, inputs, expected failure (property, a fragment of the reason)] */
const connectorRules: [string, Record<string, unknown>, CheckFailure][] = [
  ["missing name", { appName: "github" }, { property: "name", reason: "is required unless namePrefix" }],
  [
    "name and namePrefix",
    { ...validConnector, namePrefix: "gh-" },
    { property: "namePrefix", reason: "give name or namePrefix, not both" },
  ],
  [
    "adoptId without name",
    { appName: "github", namePrefix: "gh-", adoptId: "conn-1" },
    { property: "name", reason: "is required with adoptId" },
  ],
  [
    "empty namePrefix",
    { appName: "github", namePrefix: "" },
    { property: "namePrefix", reason: "must not be empty" },
  ],
  ["empty name", { ...validConnector, name: "" }, { property: "name", reason: "must not be empty" }],
  ["name not a string", { ...validConnector, name: 42 }, { property: "name", reason: "must be a string" }],
  ["neither appName nor appId", { name: "x" }, { property: "appName", reason: "is required unless appId" }],
  [
    "both appName and appId",
    { ...validConnector, appId: "app-1" },
    { property: "appId", reason: "exactly one" },
  ],
  ["empty appName", { name: "x", appName: "" }, { property: "appName", reason: "must not be empty" }],
  ["empty appId", { name: "x", appId: "" }, { property: "appId", reason: "must not be empty" }],
  ["appId not a string", { name: "x", appId: 7 }, { property: "appId", reason: "must be a string" }],
  [
    "empty authScheme",
    { ...validConnector, authScheme: "" },
    { property: "authScheme", reason: "must not be empty" },
  ],
  [
    "authScheme not a string",
    { ...validConnector, authScheme: true },
    { property: "authScheme", reason: "string" },
  ],
  [
    "authConfig a string",
    { ...validConnector, authConfig: "secret" },
    { property: "authConfig", reason: "object" },
  ],
  [
    "scopes as a comma-separated string",
    { ...validConnector, authConfig: { client_id: "c", scopes: "repo,read:org" } },
    { property: "authConfig.scopes", reason: "must be a list of strings" },
  ],
  [
    "user_scopes with a non-string item",
    { ...validConnector, authConfig: { user_scopes: ["chat:write", 3] } },
    { property: "authConfig.user_scopes", reason: "must be a list of strings" },
  ],
  [
    "authConfig an array",
    { ...validConnector, authConfig: ["a"] },
    { property: "authConfig", reason: "object" },
  ],
  [
    "enabled not a boolean",
    { ...validConnector, enabled: "yes" },
    { property: "enabled", reason: "boolean" },
  ],
  [
    "useServiceAuth not a boolean",
    { ...validConnector, useServiceAuth: 1 },
    { property: "useServiceAuth", reason: "boolean" },
  ],
  [
    "forceNewIntegration not a boolean",
    { ...validConnector, forceNewIntegration: "no" },
    { property: "forceNewIntegration", reason: "boolean" },
  ],
  [
    "unknown deletionPolicy",
    { ...validConnector, deletionPolicy: "destroy" },
    { property: "deletionPolicy", reason: 'must be one of "delete", "disable", "retain"' },
  ],
  [
    "unknown property",
    { ...validConnector, appname: "github" },
    { property: "appname", reason: "is not a known property" },
  ],
];

const stateRules: [string, Record<string, unknown>, CheckFailure][] = [
  ["missing integrationId", { enabled: true }, { property: "integrationId", reason: "is required" }],
  [
    "empty integrationId",
    { ...validState, integrationId: "" },
    { property: "integrationId", reason: "must not be empty" },
  ],
  [
    "neither enabled nor authConfig",
    { integrationId: "int-1" },
    { property: "enabled", reason: "give enabled or authConfig" },
  ],
  ["enabled not a boolean", { ...validState, enabled: "false" }, { property: "enabled", reason: "boolean" }],
  [
    "authConfig not an object",
    { ...validState, authConfig: 3 },
    { property: "authConfig", reason: "object" },
  ],
  [
    "unknown onDelete",
    { ...validState, onDelete: "delete" },
    { property: "onDelete", reason: 'must be one of "retain", "restore"' },
  ],
];

describe("check reports every broken rule as a CheckFailure naming the property and the rule", () => {
  test.each(connectorRules)("Connector: %s", async (_case, news, expected) => {
    const result = await connector.check({}, news);
    expect(result.failures).toContainEqual({
      property: expected.property,
      reason: expect.stringContaining(expected.reason),
    });
  });

  test.each(stateRules)("IntegrationState: %s", async (_case, news, expected) => {
    const result = await integrationState.check({}, news);
    expect(result.failures).toContainEqual({
      property: expected.property,
      reason: expect.stringContaining(expected.reason),
    });
  });

  test("all problems are reported at once, and inputs come back as given", async () => {
    const news = { name: "", enabled: "yes" };
    const result = await connector.check({}, news);
    expect(result.failures.map((f) => f.property).sort()).toEqual(["appName", "enabled", "name"]);
    expect(result.inputs).toEqual(news);
  });

  test("a reason never quotes the value (it may be a secret)", async () => {
    const secret = "sk-live-abcdef123456";
    const result = await connector.check(
      {},
      { ...validConnector, authConfig: secret, name: 12345, deletionPolicy: secret },
    );
    expect(result.failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(result.failures)).not.toContain(secret);
    expect(JSON.stringify(result.failures)).not.toContain("12345");
  });
});

/**
 * The engine prints the value of the property a failure names, secrets in plain text unless they came from
 * the stack's secret config.
 */
describe("the check the engine calls never names a property that holds a secret", () => {
  const secret = "sk-from-the-environment-0123456789";

  test.each([
    [
      "a connector's authConfig with scopes as a string",
      dynamic.connector,
      { ...validConnector, authConfig: { client_secret: secret, scopes: "repo" }, deletionPolicy: "archive" },
      "authConfig.scopes must be a list of strings",
    ],
    [
      "a connector's authConfig that is not an object",
      dynamic.connector,
      { ...validConnector, authConfig: secret, deletionPolicy: "archive" },
      "authConfig must be an object",
    ],
    [
      "an IntegrationState's authConfig that is not an object",
      dynamic.integrationState,
      { integrationId: "int-1", authConfig: secret, onDelete: "archive" },
      "authConfig must be an object",
    ],
    [
      "an account's data that is not an object",
      dynamic.connectedAccount,
      { integrationId: "int-1", data: secret, labels: "ops" },
      "data must be an object",
    ],
    [
      "a connection that is not an object",
      dynamic.triggerWebhook,
      { url: "ftp://hooks.example.com", connection: secret },
      "connection must be an object",
    ],
  ])("%s: named in the reason, other properties as before", async (_case, resource, news, reason) => {
    const { failures } = await resource.check({}, news as never);
    expect(failures).toContainEqual({ property: "", reason: expect.stringContaining(reason) });
    // Properties that hold no secret are still named, so that the engine shows their value.
    expect(failures.filter((failure) => failure.property !== "").length).toBeGreaterThan(0);
    expect(failures.filter((failure) => /^(authConfig|data|connection)\b/.test(failure.property))).toEqual(
      [],
    );
    expect(JSON.stringify(failures)).not.toContain(secret);
  });
});

describe("check fills defaults so that state shows them", () => {
  test("Connector", async () => {
    const result = await connector.check({}, { ...validConnector, __provider: "serialized" });
    expect(result).toEqual({
      failures: [],
      inputs: {
        ...validConnector,
        enabled: true,
        useServiceAuth: false,
        forceNewIntegration: true,
        deletionPolicy: "delete",
      },
    });
  });

  test("given values win over defaults; null means not set", async () => {
    const news = {
      name: "x",
      appId: "app-1",
      appName: null,
      enabled: false,
      deletionPolicy: "retain",
      authScheme: "CUSTOM_SCHEME",
    };
    const result = await connector.check({}, news);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toEqual({
      name: "x",
      appId: "app-1",
      authScheme: "CUSTOM_SCHEME",
      enabled: false,
      useServiceAuth: false,
      forceNewIntegration: true,
      deletionPolicy: "retain",
    });
  });

  test("IntegrationState: onDelete defaults, enabled stays unset when not managed", async () => {
    const result = await integrationState.check(
      {},
      { integrationId: "int-1", authConfig: { client_secret: "s" } },
    );
    expect(result).toEqual({
      failures: [],
      inputs: { integrationId: "int-1", authConfig: { client_secret: "s" }, onDelete: "retain" },
    });
  });
});

describe("values unknown during a preview pass check", () => {
  test.each([
    ["name", { ...validConnector, name: UNKNOWN }],
    ["appName", { name: "x", appName: UNKNOWN }],
    ["appId next to a known appName", { ...validConnector, appId: UNKNOWN }],
    ["enabled", { ...validConnector, enabled: UNKNOWN }],
    ["useServiceAuth", { ...validConnector, useServiceAuth: UNKNOWN }],
    ["deletionPolicy", { ...validConnector, deletionPolicy: UNKNOWN }],
    ["authConfig", { ...validConnector, authConfig: UNKNOWN }],
    ["one authConfig value", { ...validConnector, authConfig: { client_id: "id", client_secret: UNKNOWN } }],
  ])("Connector %s", async (_field, news) => {
    const result = await connector.check({}, news);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject(news);
  });

  test.each([
    ["integrationId", { integrationId: UNKNOWN, enabled: true }],
    ["enabled", { integrationId: "int-1", enabled: UNKNOWN }],
    ["onDelete", { ...validState, onDelete: UNKNOWN }],
  ])("IntegrationState %s", async (_field, news) => {
    const result = await integrationState.check({}, news);
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject(news);
  });
});
