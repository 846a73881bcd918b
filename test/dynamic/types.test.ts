/**
 * Type-level tests of the public args and outputs. Each `@ts-expect-error` line is checked by
 * `npx tsc -p tsconfig.json --noEmit` (it fails when the line compiles); at run time the same values
 * go through `check`, so the static and the runtime rules are shown to agree.
 */
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { createConnectorHandlers } from "../../src/resources/connector/handlers";
import { createIntegrationStateHandlers } from "../../src/resources/integration-state/handlers";
import type { Connector, ConnectorArgs } from "../../src/dynamic/connector";
import type { IntegrationState, IntegrationStateArgs } from "../../src/dynamic/integration-state";

import { stackConfig } from "../resources/support";

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const acceptedConnectorArgs: ConnectorArgs[] = [
  { name: "a", appName: "github" },
  { namePrefix: "autonamed-", appName: "github" },
  { name: "adopted", appName: "github", adoptId: "b6f612f8-94d7-4bd4-b613-9a9852460d31" },
  { name: "b", appId: "b6f612f8-94d7-4bd4-b613-9a9852460d31", enabled: false, deletionPolicy: "retain" },
  {
    name: "c",
    appName: "linear",
    authScheme: "OAUTH2",
    authConfig: { client_id: "c", client_secret: "s" },
    useServiceAuth: false,
  },
];

// @ts-expect-error -- appName and appId together
const bothApps: ConnectorArgs = { name: "x", appName: "github", appId: "y" };
// @ts-expect-error -- neither appName nor appId
const noApp: ConnectorArgs = { name: "x" };
// @ts-expect-error -- name and namePrefix together
const nameAndPrefix: ConnectorArgs = { name: "x", namePrefix: "x-", appName: "github" };
// @ts-expect-error -- deletionPolicy is one of delete, disable, retain
const badPolicy: ConnectorArgs = { name: "x", appName: "github", deletionPolicy: "destroy" };
// @ts-expect-error -- enabled is a boolean
const badEnabled: ConnectorArgs = { name: "x", appName: "github", enabled: "yes" };
// @ts-expect-error -- authConfig is an object
const badAuthConfig: ConnectorArgs = { name: "x", appName: "github", authConfig: "secret" };

const acceptedStateArgs: IntegrationStateArgs[] = [
  { integrationId: "i", enabled: false },
  { integrationId: "i", authConfig: { client_secret: "s" }, onDelete: "restore" },
];

// @ts-expect-error -- neither enabled nor authConfig
const nothingManaged: IntegrationStateArgs = { integrationId: "i" };
// @ts-expect-error -- onDelete is retain or restore
const badOnDelete: IntegrationStateArgs = { integrationId: "i", enabled: true, onDelete: "delete" };

/** Every field takes an Input: a plain value, a Promise or an Output (secret ones included). */
export function inputsEverywhere(appName: pulumi.Output<string>): ConnectorArgs {
  return {
    name: Promise.resolve("n"),
    appName,
    authScheme: pulumi.output("OAUTH2"),
    authConfig: { client_id: "id", client_secret: pulumi.secret("s") },
    enabled: pulumi.output(true),
    deletionPolicy: pulumi.output("disable" as const),
  };
}

/** Outputs have exactly these types and are read-only. */
export function outputTypes(connector: Connector, _state: IntegrationState) {
  const exact: [
    Equals<typeof connector.name, pulumi.Output<string>>,
    Equals<typeof connector.appId, pulumi.Output<string>>,
    Equals<typeof connector.enabled, pulumi.Output<boolean>>,
    Equals<typeof connector.authScheme, pulumi.Output<string | undefined>>,
    Equals<typeof connector.authConfig, pulumi.Output<Record<string, unknown> | undefined>>,
    Equals<typeof connector.deletionPolicy, pulumi.Output<"delete" | "disable" | "retain">>,
    Equals<typeof connector.id, pulumi.Output<string>>,
    Equals<typeof _state.enabled, pulumi.Output<boolean | undefined>>,
    Equals<typeof _state.priorEnabled, pulumi.Output<boolean>>,
    Equals<typeof _state.onDelete, pulumi.Output<"retain" | "restore">>,
  ] = [true, true, true, true, true, true, true, true, true, true];
  // @ts-expect-error -- outputs are read-only
  connector.enabled = pulumi.output(false);
  // @ts-expect-error -- no such output
  void connector.lastApplied;
  // @ts-expect-error -- catalog data is getConnector's (and getApps'), not stored with the connector
  void connector.expectedInputFields;
  // @ts-expect-error -- the same
  void connector.logo;
  return exact;
}

describe("the static rules agree with check", () => {
  const connector = createConnectorHandlers();
  const integrationState = createIntegrationStateHandlers();
  // An autonamed connector's check chooses its name among the account's live ones: it needs an account.
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    await connector.configure({
      config: stackConfig({ "integrations:apiKey": emulator.apiKey, "integrations:baseUrl": emulator.url }),
    });
  });
  afterAll(() => emulator?.close());

  test.each(acceptedConnectorArgs.map((args) => [args]))(
    "accepted Connector args pass check: %j",
    async (args) => {
      expect((await connector.check({}, args as Record<string, unknown>)).failures).toEqual([]);
    },
  );

  test.each([bothApps, noApp, nameAndPrefix, badPolicy, badEnabled, badAuthConfig].map((args) => [args]))(
    "rejected Connector args fail check: %j",
    async (args) => {
      expect((await connector.check({}, args as Record<string, unknown>)).failures).not.toEqual([]);
    },
  );

  test.each(acceptedStateArgs.map((args) => [args]))(
    "accepted IntegrationState args pass check: %j",
    async (args) => {
      expect((await integrationState.check({}, args as Record<string, unknown>)).failures).toEqual([]);
    },
  );

  test.each([nothingManaged, badOnDelete].map((args) => [args]))(
    "rejected IntegrationState args fail check: %j",
    async (args) => {
      expect((await integrationState.check({}, args as Record<string, unknown>)).failures).not.toEqual([]);
    },
  );
});
