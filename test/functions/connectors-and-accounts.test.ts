import * as pulumi from "@pulumi/pulumi";
import { ApiClient, type ConnectorRecord } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import {
  ConnectorNotFoundError,
  getApps,
  getAppsOutput,
  getConnectedAccounts,
  getConnectedAccountsOutput,
  getConnector,
  getConnectorOutput,
  type GetConnectorArgs,
} from "../../src/functions";
import { sendJson, startLocalServer } from "../client/local-server";
import { mockPulumiProgram, valueOf } from "./mocked-program";

/** getApps, getConnector and getConnectedAccounts in a mocked Pulumi program, against the emulator over HTTP. */

const keyA = "emu_functions_tenant_a";
const keyB = "emu_functions_tenant_b";
let emulator: RunningEmulator;
let clientA: ApiClient;
let clientB: ApiClient;
let sequence = 0;

const requestsTo = (route: string) => emulator.requestLog.count({ route });
const APPS = "/api/v1/apps";
const CONNECTOR = "/api/v1/integrations/:integrationId";
const CONNECTORS = "/api/v1/integrations";
const ACCOUNTS = "/api/v1/connectedAccounts";
const anyRoute = () => emulator.requestLog.count();

async function createConnector(client: ApiClient, name = `fn-${++sequence}`): Promise<ConnectorRecord> {
  return client.createIntegration({
    name,
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: "cid-1", client_secret: "csecret-never-shown" },
    forceNewIntegration: true,
  });
}

/**
 * A connector whose accounts are ACTIVE at once (an OAuth one's wait for a person to sign in); each
 * account gives its own token (the connector's expectedInputFields).
 */
async function createTokenConnector(client: ApiClient): Promise<ConnectorRecord> {
  return client.createIntegration({
    name: `fn-token-${++sequence}`,
    appName: "github",
    authScheme: "BEARER_TOKEN",
    forceNewIntegration: true,
  });
}

beforeAll(async () => {
  await mockPulumiProgram();
  emulator = await startEmulator({ port: 0, apiKeys: [keyA, keyB] });
  clientA = new ApiClient({ baseUrl: emulator.url, apiKey: keyA }, { retryDelayScaleMs: 1 });
  clientB = new ApiClient({ baseUrl: emulator.url, apiKey: keyB }, { retryDelayScaleMs: 1 });
});

afterAll(async () => {
  clientA.close();
  clientB.close();
  await emulator.close();
});

describe("getApps", () => {
  it("lists the catalog's apps, one request for identical calls in a run", async () => {
    const before = requestsTo(APPS);
    const [first, second] = await Promise.all([getApps({ client: clientA }), getApps({ client: clientA })]);
    const third = await valueOf(getAppsOutput({ client: clientA }));
    expect(first.apps.map((app) => app.name)).toEqual(expect.arrayContaining(["github", "slack", "trello"]));
    expect(first.apps.every((app) => typeof app.appId === "string")).toBe(true);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(requestsTo(APPS) - before).toBe(1);
  });
});

describe("getConnector", () => {
  it("finds a connector by id and by exact name, never showing secret authConfig values", async () => {
    const made = await createConnector(clientA);
    const byId = await getConnector({ id: made.id }, { client: clientA });
    const byName = await getConnector({ name: made.name }, { client: clientA });
    expect(byId).toMatchObject({ id: made.id, name: made.name, appName: "github", enabled: true });
    expect(byName).toEqual(byId);
    expect(byId.authConfig).toEqual({ client_id: "cid-1" });
    expect(JSON.stringify(byName)).not.toContain("csecret-never-shown");
  });

  it("costs one request for two identical calls in a run, and takes Inputs", async () => {
    const made = await createConnector(clientA);
    const before = requestsTo(CONNECTOR);
    await getConnector({ id: made.id }, { client: clientA });
    const again = await valueOf(getConnectorOutput({ id: pulumi.output(made.id) }, { client: clientA }));
    expect(again.id).toBe(made.id);
    expect(requestsTo(CONNECTOR) - before).toBe(1);

    const listsBefore = requestsTo(CONNECTORS);
    await getConnector({ name: made.name }, { client: clientA });
    await getConnector({ name: made.name }, { client: clientA });
    expect(requestsTo(CONNECTORS) - listsBefore).toBe(1);
  });

  it.each<[string, unknown, string]>([
    ["both", { id: "a", name: "b" }, "exactly one of `id` and `name` (got both)"],
    ["neither", {}, "exactly one of `id` and `name` (got neither)"],
    ["an empty id", { id: "" }, "`id` must be a non-empty string"],
    ["a name that is not a string", { name: 7 }, "`name` must be a non-empty string"],
  ])("refuses %s before any request", async (_case, args, message) => {
    const before = anyRoute();
    await expect(getConnector(args as GetConnectorArgs, { client: clientA })).rejects.toThrow(message);
    expect(anyRoute()).toBe(before);
  });

  it("throws ConnectorNotFoundError naming the id or the name looked for", async () => {
    const byId = getConnector({ id: "no-such-connector" }, { client: clientA });
    await expect(byId).rejects.toBeInstanceOf(ConnectorNotFoundError);
    await expect(byId).rejects.toMatchObject({
      lookup: { id: "no-such-connector" },
      message: expect.stringContaining('no connector with id "no-such-connector"'),
    });
    const byName = getConnector({ name: "nobody-made-this" }, { client: clientA });
    await expect(byName).rejects.toMatchObject({
      name: "ConnectorNotFoundError",
      lookup: { name: "nobody-made-this" },
      message: expect.stringContaining('no connector named "nobody-made-this"'),
    });
  });

  it("treats a deleted connector as not found, by id and by name", async () => {
    const made = await createConnector(clientA);
    await clientA.deleteIntegration(made.id);
    // The API still answers a GET of it, flagged deleted: the function must not hand it back.
    expect((await clientA.getIntegration(made.id)).deleted).toBe(true);
    await expect(getConnector({ id: made.id }, { client: clientA })).rejects.toBeInstanceOf(
      ConnectorNotFoundError,
    );
    await expect(getConnector({ name: made.name }, { client: clientA })).rejects.toBeInstanceOf(
      ConnectorNotFoundError,
    );
  });

  it("reads the account given as `connection`: tenants never see each other's connectors", async () => {
    const name = `shared-name-${++sequence}`;
    const inA = await createConnector(clientA, name);
    const inB = await createConnector(clientB, name);
    const connectionB = { baseUrl: emulator.url, apiKey: keyB };
    const connectionA = { baseUrl: emulator.url, apiKey: keyA };
    expect((await getConnector({ name }, { connection: connectionA })).id).toBe(inA.id);
    // Same query, other tenant: a cache keyed without the tenant would answer inA here.
    expect((await getConnector({ name }, { connection: connectionB })).id).toBe(inB.id);
    // A lifted property keeps its type (`Output<string>`), as a program uses it.
    const idViaOutput: pulumi.Output<string> = getConnectorOutput(
      { name },
      { connection: pulumi.secret(connectionB) },
    ).id;
    expect(await valueOf(idViaOutput)).toBe(inB.id);
    await expect(getConnector({ id: inA.id }, { connection: connectionB })).rejects.toBeInstanceOf(
      ConnectorNotFoundError,
    );
  });
});

describe("getConnectedAccounts", () => {
  it("lists a connector's accounts with their informational fields and without their data", async () => {
    const connector = await createTokenConnector(clientA);
    const other = await createTokenConnector(clientA);
    const made = await clientA.createConnectedAccount({
      integrationId: connector.id,
      data: { login: "octo", token: "tok-never-returned" },
      entityId: "team-a",
      labels: ["ops"],
    });
    await clientA.createConnectedAccount({ integrationId: other.id, data: { login: "other", token: "t" } });

    const { accounts } = await getConnectedAccounts({ integrationId: connector.id }, { client: clientA });
    expect(accounts).toEqual([
      expect.objectContaining({
        id: made.connectedAccountId,
        integrationId: connector.id,
        appName: "github",
        status: "ACTIVE",
        entityId: "team-a",
        labels: ["ops"],
        enabled: true,
        isDisabled: false,
      }),
    ]);
    expect(accounts[0]).not.toHaveProperty("data");
    expect(JSON.stringify(accounts)).not.toMatch(/octo|tok-never-returned/);
  });

  it("costs one request for identical calls in a run, and takes Inputs", async () => {
    const connector = await createTokenConnector(clientA);
    await clientA.createConnectedAccount({ integrationId: connector.id, data: { login: "a", token: "t" } });
    const before = requestsTo(ACCOUNTS);
    const first = await getConnectedAccounts({ integrationId: connector.id }, { client: clientA });
    const second = await valueOf(
      getConnectedAccountsOutput({ integrationId: pulumi.output(connector.id) }, { client: clientA }),
    );
    expect(second).toEqual(first);
    expect(first.accounts).toHaveLength(1);
    expect(requestsTo(ACCOUNTS) - before).toBe(1);
  });

  it("keeps tenants apart through `connection`", async () => {
    const connector = await createTokenConnector(clientB);
    const account = await clientB.createConnectedAccount({
      integrationId: connector.id,
      data: { token: "t" },
    });
    const inB = await getConnectedAccounts(
      { integrationId: connector.id },
      { connection: { baseUrl: emulator.url, apiKey: keyB } },
    );
    const inA = await getConnectedAccounts(
      { integrationId: connector.id },
      { connection: { baseUrl: emulator.url, apiKey: keyA } },
    );
    expect(inB.accounts.map((item) => item.id)).toEqual([account.connectedAccountId]);
    expect(inA.accounts).toEqual([]);
  });

  it("drops credentials a server echoes (data, connectionParams, authConfig), also from later cached copies", async () => {
    // The published document's informational fields, all kept.
    const visible = {
      id: "ca-1",
      integrationId: "int-1",
      status: "ACTIVE",
      entityId: "team-a",
      labels: ["prod"],
      enabled: true,
      isDisabled: false,
      appUniqueId: "github",
    };
    const echoed = {
      ...visible,
      data: { api_key: "echoed-api-key" },
      connectionParams: { access_token: "echoed-access-token", headers: { Authorization: "Bearer x" } },
      authConfig: { client_secret: "echoed-client-secret" },
    };
    const server = await startLocalServer((_request, response) =>
      sendJson(response, 200, { items: [echoed], totalPages: 1, page: 1 }),
    );
    const client = new ApiClient({ baseUrl: server.url, apiKey: "local-key" }, { retryDelayScaleMs: 1 });
    try {
      const first = await getConnectedAccounts({}, { client });
      const second = await getConnectedAccounts({}, { client });
      expect(server.requests).toHaveLength(1);
      for (const result of [first, second]) {
        expect(result.accounts).toEqual([visible]);
        expect(JSON.stringify(result)).not.toMatch(/echoed-|Bearer/);
      }
    } finally {
      client.close();
      await server.close();
    }
  });
});
