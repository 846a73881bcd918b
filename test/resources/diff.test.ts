import { createConnectorHandlers } from "../../src/resources/connector/handlers";
import type { CheckedConnectorInputs } from "../../src/resources/connector/definition";
import type { ConnectorOutputs } from "../../src/resources/connector/definition";
import { createIntegrationStateHandlers } from "../../src/resources/integration-state/handlers";
import type { CheckedIntegrationStateInputs } from "../../src/resources/integration-state/definition";
import type { IntegrationStateOutputs } from "../../src/resources/integration-state/definition";
import type { DiffResult } from "../../src/resources/shared/types";
import { UNKNOWN } from "../../src/resources/shared/unknowns";

const connector = createConnectorHandlers();
const integrationState = createIntegrationStateHandlers();

/** A connector as the provider left it: the server spelled the app both ways, state kept the applied inputs. */
const olds: ConnectorOutputs = {
  name: "gh",
  appId: "app-gh",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: { client_id: "id-1", client_secret: "s3cret" },
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
  lastApplied: { name: "gh", appName: "github", authScheme: "OAUTH2", useServiceAuth: false },
};

const news: CheckedConnectorInputs = {
  name: "gh",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: { client_id: "id-1", client_secret: "s3cret" },
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
};

/**
 * While the name stays fixed, every answer asks for delete-before-replace (names are unique), even one that
 * replaces nothing: the engine may replace anyway, and honours the answer when it does.
 */
const none: DiffResult = { changes: false, replaces: [], deleteBeforeReplace: true };
const update: DiffResult = { changes: true, replaces: [], deleteBeforeReplace: true };
/** A replacement that keeps the name: the old connector must go first (names are unique). */
const replaceInPlace = (field: string): DiffResult => ({
  changes: true,
  replaces: [field],
  deleteBeforeReplace: true,
});
const replaceRenamed = (field: string): DiffResult => ({
  changes: true,
  replaces: [field],
  deleteBeforeReplace: false,
});

/** [field, old state change, new inputs change, expected] */
const connectorTable: [string, Partial<ConnectorOutputs>, Partial<CheckedConnectorInputs>, DiffResult][] = [
  ["nothing", {}, {}, none],
  ["authConfig (key order only)", {}, { authConfig: { client_secret: "s3cret", client_id: "id-1" } }, none],
  ["name", {}, { name: "gh-2" }, replaceRenamed("name")],
  ["name (unknown): a possible replacement, created first", {}, { name: UNKNOWN }, replaceRenamed("name")],
  ["appName", {}, { appName: "gitlab" }, replaceInPlace("appName")],
  ["appName (unknown): a possible replacement", {}, { appName: UNKNOWN }, replaceInPlace("appName")],
  ["appName -> appId of the same app", {}, { appName: undefined, appId: "app-gh" }, none],
  ["appName -> appId of another app", {}, { appName: undefined, appId: "app-gl" }, replaceInPlace("appId")],
  ["appId (unknown)", {}, { appName: undefined, appId: UNKNOWN }, replaceInPlace("appId")],
  ["appName spelled as applied, server echoes it otherwise", { appName: "GitHub-echo" }, {}, none],
  ["authScheme", {}, { authScheme: "API_KEY" }, replaceInPlace("authScheme")],
  ["authScheme (unknown)", {}, { authScheme: UNKNOWN }, replaceInPlace("authScheme")],
  ["authScheme removed", {}, { authScheme: undefined }, replaceInPlace("authScheme")],
  ["useServiceAuth", {}, { useServiceAuth: true }, replaceInPlace("useServiceAuth")],
  [
    "useServiceAuth (unknown)",
    {},
    { useServiceAuth: UNKNOWN as unknown as boolean },
    replaceInPlace("useServiceAuth"),
  ],
  [
    "name and authScheme",
    {},
    { name: "gh-2", authScheme: "API_KEY" },
    { changes: true, replaces: ["name", "authScheme"], deleteBeforeReplace: false },
  ],
  ["enabled", {}, { enabled: false }, update],
  ["enabled (unknown)", {}, { enabled: UNKNOWN as unknown as boolean }, update],
  ["enabled drifted (refresh saw false)", { enabled: false }, {}, update],
  ["authConfig value", {}, { authConfig: { client_id: "id-2", client_secret: "s3cret" } }, update],
  [
    "authConfig secret value (unknown)",
    {},
    { authConfig: { client_id: "id-1", client_secret: UNKNOWN } },
    update,
  ],
  ["authConfig (unknown)", {}, { authConfig: UNKNOWN as unknown as Record<string, unknown> }, update],
  ["authConfig removed", {}, { authConfig: undefined }, update],
  [
    "authConfig visible key drifted",
    { authConfig: { client_id: "changed", client_secret: "s3cret" } },
    {},
    update,
  ],
  ["authConfig first set", { authConfig: undefined }, {}, update],
  ["deletionPolicy", {}, { deletionPolicy: "retain" }, update],
  ["deletionPolicy (unknown)", {}, { deletionPolicy: UNKNOWN as "delete" }, update],
  ["forceNewIntegration", {}, { forceNewIntegration: false }, update],
  ["enabled and authScheme", {}, { enabled: false, authScheme: "API_KEY" }, replaceInPlace("authScheme")],
  ["adoptId (read at create only)", {}, { adoptId: "conn-9" }, update],
  // An autonamed connector keeps its name across updates, and its replacement gets a fresh one (the engine
  // checks again without olds), so it is created before the old one is deleted.
  [
    "autonamed: nothing",
    { namePrefix: "gh-" },
    { namePrefix: "gh-" },
    { ...none, deleteBeforeReplace: false },
  ],
  [
    "autonamed: authScheme",
    { namePrefix: "gh-" },
    { namePrefix: "gh-", authScheme: "API_KEY" },
    replaceRenamed("authScheme"),
  ],
  ["retain: a rename is fine", { deletionPolicy: "retain" }, { name: "gh-2" }, replaceRenamed("name")],
  [
    "retain: an unknown is only a possible replacement (checked again once known)",
    { deletionPolicy: "retain" },
    { authScheme: UNKNOWN },
    replaceInPlace("authScheme"),
  ],
];

describe("Connector diff (against the last applied inputs; no request)", () => {
  test.each(connectorTable)("%s", async (_field, oldChange, newChange, expected) => {
    expect(await connector.diff("conn-1", { ...olds, ...oldChange }, { ...news, ...newChange })).toEqual(
      expected,
    );
  });
});

const stateOlds: IntegrationStateOutputs = {
  integrationId: "int-1",
  enabled: false,
  authConfig: { client_secret: "s-1" },
  onDelete: "retain",
  priorEnabled: true,
};
const stateNews: CheckedIntegrationStateInputs = {
  integrationId: "int-1",
  enabled: false,
  authConfig: { client_secret: "s-1" },
  onDelete: "retain",
};

// The same integration: a replacement (only a targeted one can happen) must let go first, so here too every
// answer that keeps the integration asks for delete-before-replace.
const stateTable: [
  string,
  Partial<IntegrationStateOutputs>,
  Partial<CheckedIntegrationStateInputs>,
  DiffResult,
][] = [
  ["nothing", {}, {}, none],
  ["integrationId", {}, { integrationId: "int-2" }, replaceRenamed("integrationId")],
  ["integrationId (unknown)", {}, { integrationId: UNKNOWN }, replaceRenamed("integrationId")],
  ["enabled", {}, { enabled: true }, update],
  ["enabled (unknown)", {}, { enabled: UNKNOWN as unknown as boolean }, update],
  ["enabled drifted", { enabled: true }, {}, update],
  ["enabled no longer managed", {}, { enabled: undefined }, update],
  ["enabled managed from now on", { enabled: undefined }, {}, update],
  ["enabled never managed", { enabled: undefined }, { enabled: undefined }, none],
  ["authConfig", {}, { authConfig: { client_secret: "s-2" } }, update],
  ["authConfig (unknown value)", {}, { authConfig: { client_secret: UNKNOWN } }, update],
  ["onDelete", {}, { onDelete: "restore" }, update],
  ["onDelete (unknown)", {}, { onDelete: UNKNOWN as "retain" }, update],
];

describe("Connector diff refuses a same-name replacement that would keep the old connector", () => {
  test.each(["retain", "disable"] as const)("deletionPolicy %s, before any request", async (policy) => {
    const diff = connector.diff(
      "conn-1",
      { ...olds, deletionPolicy: policy },
      { ...news, authScheme: "API_KEY" },
    );
    await expect(diff).rejects.toThrow(
      `Connector "gh" would be replaced by a new one of the same name (authScheme changed), but its ` +
        `deletionPolicy "${policy}" keeps the old connector`,
    );
  });

  test("the old state's policy decides: the old connector is deleted with it", async () => {
    const diff = connector.diff(
      "conn-1",
      { ...olds, deletionPolicy: "retain" },
      { ...news, deletionPolicy: "delete", authScheme: "API_KEY" },
    );
    await expect(diff).rejects.toThrow('first run `pulumi up` with only deletionPolicy: "delete" changed');
  });
});

describe("IntegrationState diff", () => {
  test.each(stateTable)("%s", async (_field, oldChange, newChange, expected) => {
    expect(
      await integrationState.diff("int-1", { ...stateOlds, ...oldChange }, { ...stateNews, ...newChange }),
    ).toEqual(expected);
  });
});

test("state without lastApplied falls back to the record's fields", async () => {
  const { lastApplied: _dropped, ...withoutApplied } = olds;
  expect(await connector.diff("conn-1", withoutApplied as ConnectorOutputs, news)).toEqual(none);
  expect(
    await connector.diff("conn-1", withoutApplied as ConnectorOutputs, { ...news, authScheme: "API_KEY" }),
  ).toEqual(replaceInPlace("authScheme"));
});
