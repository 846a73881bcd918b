/**
 * Connected accounts: ACTIVE or INITIATED by scheme, required input fields, get, delete; data never echoed.
 * The real service's model: an end user's credential is given in the account's `data`, never on the
 * connector.
 */
import type { RunningEmulator } from "../../src/emulator";
import { call, expectError, start } from "./helpers";

let emulator: RunningEmulator;

const connector = async (appName: string, authScheme: string, authConfig: Record<string, unknown> = {}) =>
  (
    await call(emulator, "POST", "/api/v1/integrations", {
      body: {
        name: `${appName}-${authScheme}-${Math.random()}`,
        appName,
        authScheme,
        authConfig,
        forceNewIntegration: true,
      },
    })
  ).body.id as string;
const connect = (body: Record<string, unknown>) =>
  call(emulator, "POST", "/api/v1/connectedAccounts", { body });

beforeAll(async () => {
  emulator = await start();
});
afterAll(() => emulator.close());

describe("POST /api/v1/connectedAccounts", () => {
  it("is ACTIVE at once for an API key connector given its required fields; GET never shows the data", async () => {
    const integrationId = await connector("trello", "API_KEY");
    const token = "trello-user-token-5ecr3t";
    const apiKey = "trello-user-api-key-5ecr3t";
    const created = await connect({
      integrationId,
      data: { api_key: apiKey, token },
      labels: ["team-a", "prod"],
      entityId: "user-42",
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ connectionStatus: "ACTIVE", connectedAccountId: expect.any(String) });
    const id = created.body.connectedAccountId;

    const read = await call(emulator, "GET", `/api/v1/connectedAccounts/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id,
      integrationId,
      appName: "trello",
      appUniqueId: "trello",
      entityId: "user-42",
      clientUniqueUserId: "user-42",
      labels: ["team-a", "prod"],
      status: "ACTIVE",
      isDisabled: false,
      enabled: true,
      memberInfo: expect.objectContaining({ role: "admin" }),
      meta: { app: {} },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await call(emulator, "GET", `/api/v1/connectedAccounts?integrationId=${integrationId}`);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id, labels: ["team-a", "prod"], clientUniqueUserId: "user-42" }),
    ]);
    for (const text of [created.text, read.text, list.text]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(apiKey);
    }
  });

  it("is ACTIVE for BEARER_TOKEN, BASIC and NO_AUTH connectors; entityId defaults to 'default'", async () => {
    const bearer = await connect({
      integrationId: await connector("discord", "BEARER_TOKEN"),
      data: { token: "t" },
    });
    const basic = await connect({
      integrationId: await connector("jira", "BASIC"),
      data: { username: "u", password: "p", subdomain: "acme" },
    });
    const noAuth = await connect({ integrationId: await connector("hackernews", "NO_AUTH"), data: {} });
    for (const created of [bearer, basic, noAuth]) {
      expect(created.body).toEqual({ connectionStatus: "ACTIVE", connectedAccountId: expect.any(String) });
    }
    const read = await call(emulator, "GET", `/api/v1/connectedAccounts/${noAuth.body.connectedAccountId}`);
    expect(read.body).toMatchObject({ entityId: "default", labels: [] });
  });

  it("400s when data lacks a required field, naming it, and creates nothing", async () => {
    const integrationId = await connector("jira", "BASIC");
    const all = await connect({ integrationId, data: {} });
    expectError(all, 400);
    expect(all.body.message).toContain("data.username, data.password, data.subdomain");
    for (const data of [
      { username: "u", password: "p" },
      { username: "u", password: "p", subdomain: "" },
    ]) {
      const missing = await connect({ integrationId, data });
      expectError(missing, 400);
      expect(missing.body.message).toContain("data.subdomain");
      expect(missing.body.details.issues).toEqual([
        { path: "data.subdomain", message: "is required by the connector (BASIC)" },
      ]);
    }
    const list = await call(emulator, "GET", `/api/v1/connectedAccounts?integrationId=${integrationId}`);
    expect(list.body.items).toEqual([]);
  });

  it("needs an OAuth connector's per-account fields too (a Shopify account's shop)", async () => {
    const integrationId = await connector("shopify", "OAUTH2", { client_id: "c", client_secret: "s" });
    const missing = await connect({ integrationId, data: {} });
    expectError(missing, 400);
    expect(missing.body.details.issues).toEqual([
      { path: "data.shop", message: "is required by the connector (OAUTH2)" },
    ]);
    const created = await connect({ integrationId, data: { shop: "acme" } });
    expect(created.body).toMatchObject({ connectionStatus: "INITIATED" });
  });

  it("is INITIATED with an emulator redirect URL for OAuth schemes", async () => {
    for (const [app, scheme, config] of [
      ["github", "OAUTH2", { client_id: "c", client_secret: "s" }],
      ["trello", "OAUTH1", { consumer_key: "c", consumer_secret: "s" }],
    ] as const) {
      const integrationId = await connector(app, scheme, config);
      const created = await connect({ integrationId, data: {}, redirectUri: "https://app.example/done" });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({
        connectionStatus: "INITIATED",
        connectedAccountId: expect.any(String),
        redirectUrl: expect.any(String),
      });
      const url = new URL(created.body.redirectUrl);
      expect(url.origin).toBe(emulator.url);
      expect(url.searchParams.get("connectedAccountId")).toBe(created.body.connectedAccountId);
      expect(url.searchParams.get("redirectUri")).toBe("https://app.example/done");
      const read = await call(
        emulator,
        "GET",
        `/api/v1/connectedAccounts/${created.body.connectedAccountId}`,
      );
      expect(read.body.status).toBe("INITIATED");
    }
  });
});

describe("GET and DELETE /api/v1/connectedAccounts/{id}", () => {
  it("deletes the account and its trigger instances: 404 after, gone from the list", async () => {
    const integrationId = await connector("hackernews", "NO_AUTH");
    const id = (await connect({ integrationId, data: {} })).body.connectedAccountId;
    const kept = (await connect({ integrationId, data: {} })).body.connectedAccountId;
    const enable = (account: string) =>
      call(emulator, "POST", `/api/v1/triggers/enable/${account}/HACKERNEWS_NEW_SHOW_HN`, {
        body: { triggerConfig: {} },
      });
    const instance = (await enable(id)).body.triggerId;
    const other = (await enable(kept)).body.triggerId;

    const deleted = await call(emulator, "DELETE", `/api/v1/connectedAccounts/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: "success", count: 1 });
    expectError(await call(emulator, "GET", `/api/v1/connectedAccounts/${id}`), 404);
    expectError(await call(emulator, "DELETE", `/api/v1/connectedAccounts/${id}`), 404);
    const list = await call(emulator, "GET", `/api/v1/connectedAccounts?integrationId=${integrationId}`);
    expect(list.body.items.map((account: { id: string }) => account.id)).toEqual([kept]);
    const instances = await call(emulator, "GET", "/api/v1/triggers/active_triggers?showDisabled=true");
    const ids = instances.body.triggers.map((trigger: { id: string }) => trigger.id);
    expect(ids).toContain(other);
    expect(ids).not.toContain(instance);
    expectError(await enable(id), 404);
  });

  it("404s an unknown account", async () => {
    expectError(await call(emulator, "GET", "/api/v1/connectedAccounts/nope"), 404);
    expectError(await call(emulator, "DELETE", "/api/v1/connectedAccounts/nope"), 404);
  });
});
