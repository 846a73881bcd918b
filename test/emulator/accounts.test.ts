/**
 * Accounts (tenants) with several API keys. The facts of the real service they encode, from its published
 * OpenAPI document (v1): a client (project) has a stable id of its own (ClientDTO.id, "Unique ID of the
 * client"), each API key names the client it belongs to (ClientInfoAPIKeyResDTO.clientId), and a client has
 * several keys (`/api/v1/api_keys` lists and generates them): a rotated key sees the same project.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { parseApiKeySpec, TENANT_NAME } from "../../src/emulator/accounts";
import { tenantIdOf } from "../../src/emulator/store";
import { call, enabledStarInstance, expectError, githubOAuth, start } from "./helpers";
import { tempDirectory } from "./temp-directory";

const K1 = "acme-key-one-000001";
const K2 = "acme-key-two-000002";
const OTHER = "globex-key-00000003";
const BARE = "bare-key-0000000004";
const clientInfo = async (emulator: RunningEmulator, apiKey: string) =>
  (await call(emulator, "GET", "/api/v1/client/auth/client_info", { apiKey })).body;
/** The id a bare key's account has always had: client_ and the first 16 hex digits of sha256(key). */
const bareId = (key: string) => `client_${createHash("sha256").update(key).digest("hex").slice(0, 16)}`;

describe("client_info names the account (ClientDTO.id), the same for every key of it", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await start({ apiKeys: [`${K1}=acme`, `${K2}=acme`, `${OTHER}=globex`, BARE] });
  });
  afterAll(() => emulator.close());

  it("answers the tenant name as client.id and apiKey.clientId, for each key of the account", async () => {
    const [one, two, other, bare] = await Promise.all(
      [K1, K2, OTHER, BARE].map((key) => clientInfo(emulator, key)),
    );
    expect(one.client.id).toBe("acme");
    expect(two.client.id).toBe("acme");
    expect(one.apiKey.clientId).toBe(one.client.id);
    expect(two.apiKey.clientId).toBe(two.client.id);
    expect(other.client.id).toBe("globex");
    expect(other.apiKey.clientId).toBe("globex");
    // A bare key is its own account, with the id it had before accounts could be named.
    expect(bare.client.id).toBe(bareId(BARE));
    expect(bare.apiKey.clientId).toBe(bare.client.id);
    // Stable: asked again, the same.
    expect((await clientInfo(emulator, K2)).client.id).toBe("acme");
    // Each key is a key of its own (ClientInfoAPIKeyResDTO.id), of one client with one webhook secret.
    expect(one.apiKey.id).not.toBe(two.apiKey.id);
    expect(one.client.webhookSecret).toBe(two.client.webhookSecret);
    expect(one.client.webhookSecret).not.toBe(other.client.webhookSecret);
  });

  it("tells the account id from code, and gives the keys without their =tenant", () => {
    expect(emulator.apiKeys).toEqual([K1, K2, OTHER, BARE]);
    expect(emulator.apiKey).toBe(K1);
    expect(emulator.accountIdOf(K2)).toBe("acme");
    expect(emulator.accountIdOf(BARE)).toBe(bareId(BARE));
    expect(() => emulator.accountIdOf(`${K1}=acme`)).toThrow(/not a configured API key/);
    expect(() => emulator.accountIdOf("unknown")).toThrow(/not a configured API key/);
  });

  it("lets one key of an account read, change and delete what another key of it made; other accounts get 404", async () => {
    const { integrationId, accountId, triggerId } = await enabledStarInstance(
      emulator,
      githubOAuth("acme-shared"),
      { apiKey: K1 },
    );
    const read = await call(emulator, "GET", `/api/v1/integrations/${integrationId}`, { apiKey: K2 });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: "acme-shared", enabled: true });
    const listed = await call(emulator, "GET", "/api/v1/integrations", { apiKey: K2 });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([integrationId]);
    const patched = await call(emulator, "PATCH", `/api/v1/integrations/${integrationId}`, {
      apiKey: K2,
      body: { enabled: false },
    });
    expect(patched.status).toBe(204);
    expect(
      (await call(emulator, "GET", `/api/v1/integrations/${integrationId}`, { apiKey: K1 })).body,
    ).toMatchObject({ enabled: false });
    expect(
      (await call(emulator, "GET", `/api/v1/connectedAccounts/${accountId}`, { apiKey: K2 })).status,
    ).toBe(200);

    // The trigger logs name the account, whichever key fired.
    await call(emulator, "POST", `/_emulator/trigger-instances/${triggerId}/fire`, { apiKey: K2 });
    const logs = await call(emulator, "GET", "/api/v1/triggers/logs", { apiKey: K1 });
    expect(logs.body.data).toEqual([expect.objectContaining({ clientId: "acme", connectionId: accountId })]);

    // Another account's keys, named or bare, see none of it.
    for (const apiKey of [OTHER, BARE]) {
      expectError(await call(emulator, "GET", `/api/v1/integrations/${integrationId}`, { apiKey }), 404);
      expectError(
        await call(emulator, "PATCH", `/api/v1/integrations/${integrationId}`, {
          apiKey,
          body: { enabled: true },
        }),
        404,
      );
      expectError(await call(emulator, "DELETE", `/api/v1/integrations/${integrationId}`, { apiKey }), 404);
      expectError(await call(emulator, "GET", `/api/v1/connectedAccounts/${accountId}`, { apiKey }), 404);
      expect((await call(emulator, "GET", "/api/v1/triggers/logs", { apiKey })).body.data).toEqual([]);
    }

    expect(
      (await call(emulator, "DELETE", `/api/v1/triggers/instance/${triggerId}`, { apiKey: K2 })).status,
    ).toBe(200);
    expect(
      (await call(emulator, "DELETE", `/api/v1/integrations/${integrationId}`, { apiKey: K2 })).status,
    ).toBe(204);
    expect(
      (await call(emulator, "GET", `/api/v1/integrations/${integrationId}`, { apiKey: K1 })).body,
    ).toMatchObject({ deleted: true });
    // A name is unique per account: the other key of it sees the first's name as taken... until deleted.
    const again = await call(emulator, "POST", "/api/v1/integrations", {
      apiKey: K1,
      body: githubOAuth("acme-shared", { forceNewIntegration: true }),
    });
    expect(again.status).toBe(200);
    const taken = await call(emulator, "POST", "/api/v1/integrations", {
      apiKey: K2,
      body: githubOAuth("acme-shared", { forceNewIntegration: true }),
    });
    expectError(taken, 409);
  });

  it("shares the account's callback URL (ClientDTO.webhookURL is the client's) between its keys", async () => {
    await call(emulator, "POST", "/api/v1/triggers/set_callback_url", {
      apiKey: K1,
      body: { callbackURL: "https://hooks.example/acme" },
    });
    expect((await clientInfo(emulator, K2)).client.webhookURL).toBe("https://hooks.example/acme");
    expect((await clientInfo(emulator, OTHER)).client).not.toHaveProperty("webhookURL");
  });

  it("keeps faults and the request log per key, even between keys of one account", async () => {
    const failing = { errorRate: 1, match: ["GET /api/v1/apps"] };
    await call(emulator, "PUT", "/_emulator/faults", { apiKey: K1, body: failing });
    try {
      expectError(await call(emulator, "GET", "/api/v1/apps", { apiKey: K1 }), 503);
      expect((await call(emulator, "GET", "/api/v1/apps", { apiKey: K2 })).status).toBe(200);
      expect((await call(emulator, "GET", "/_emulator/faults", { apiKey: K2 })).body.errorRate).toBe(0);
      const ofK2 = await call(emulator, "GET", "/_emulator/requests", { apiKey: K2 });
      expect(ofK2.body.entries.length).toBeGreaterThan(0);
      expect(ofK2.body.entries.every((entry: { tenant: number }) => entry.tenant === 1)).toBe(true);
      expect(ofK2.text).not.toContain(K1);
    } finally {
      await call(emulator, "DELETE", "/_emulator/faults", { apiKey: K1 });
    }
  });
});

describe("key=tenant entries", () => {
  it("split at the last '=' (a key may contain '='), and a tenant name must match the rule", () => {
    expect(parseApiKeySpec("abc=acme", 1)).toMatchObject({ key: "abc", tenant: "acme", accountId: "acme" });
    expect(parseApiKeySpec("a=b==acme.prod_2-x", 1)).toMatchObject({ key: "a=b=", tenant: "acme.prod_2-x" });
    expect(parseApiKeySpec("plain", 1)).toMatchObject({
      key: "plain",
      tenant: null,
      accountId: bareId("plain"),
    });
    // Named accounts are stored apart from any key's hash: a hex digest has no ":".
    expect(parseApiKeySpec("k=acme", 1).storageId).toBe("account:acme");
    expect(parseApiKeySpec("plain", 1).storageId).toBe(tenantIdOf("plain"));
    for (const bad of ["k=", "k=-lead", "k=has space", "k=sl/ash", `k=${"x".repeat(65)}`, "padded=="]) {
      expect(() => parseApiKeySpec(bad, 2)).toThrow(
        `API key #2: the tenant name after the last "=" must match ${TENANT_NAME}`,
      );
    }
    expect(() => parseApiKeySpec(" k=acme", 1)).toThrow(/API key #1: .*no surrounding whitespace/);
  });

  it("are refused by startEmulator with a message naming the rule and never the key", async () => {
    const error = await start({ apiKeys: ["secret-key-value=not ok"] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(String(TENANT_NAME));
    expect((error as Error).message).not.toContain("secret-key-value");
    expect((error as Error).message).not.toContain("\n");
    await expect(start({ apiKeys: ["same=a", "same=b"] })).rejects.toThrow("API keys must be unique");
    await expect(start({ apiKeys: ["k1", `k2=${bareId("k1")}`] })).rejects.toThrow(
      /another key's account id/,
    );
  });

  it("load fixtures (keyed by key) into the key's account; two keys of one account cannot both have some", async () => {
    const fixtures = { tenants: { [K2]: { integrations: [{ id: "fx-1", name: "fx", appName: "github" }] } } };
    const emulator = await start({ apiKeys: [`${K1}=acme`, `${K2}=acme`], fixtures });
    try {
      expect((await call(emulator, "GET", "/api/v1/integrations/fx-1", { apiKey: K1 })).status).toBe(200);
    } finally {
      await emulator.close();
    }
    const both = { tenants: { [K1]: {}, [K2]: {} } };
    await expect(start({ apiKeys: [`${K1}=acme`, `${K2}=acme`], fixtures: both })).rejects.toThrow(
      "Fixtures tenants #1 and #2 are keys of one account (acme)",
    );
  });
});

describe("data files", () => {
  const at = "2025-01-01T00:00:00.000Z";
  /** A tenant's state in the on-disk shape written before accounts existed (keyed by sha256 of the key). */
  const oldTenant = {
    integrations: [
      {
        id: "int-old",
        name: "old-connector",
        appId: "app",
        appName: "github",
        authScheme: "OAUTH2",
        authConfig: { client_id: "cid" },
        enabled: true,
        useServiceAuth: false,
        expectedInputFields: [],
        logo: "",
        createdAt: at,
        updatedAt: at,
        deleted: false,
        defaultConnectorId: null,
      },
    ],
    connectedAccounts: [],
    activeTriggers: [],
    logs: [],
    webhook: { secret: "s".repeat(32) },
  };

  it("still load when written before accounts existed: a bare key keeps its records and its client.id", async () => {
    const dataFile = path.join(tempDirectory("emulator-accounts-"), "state.json");
    writeFileSync(dataFile, JSON.stringify({ version: 1, tenants: { [tenantIdOf(BARE)]: oldTenant } }));
    const emulator = await start({ apiKeys: [BARE, `${K1}=acme`], dataFile });
    try {
      expect(
        (await call(emulator, "GET", "/api/v1/integrations/int-old", { apiKey: BARE })).body,
      ).toMatchObject({
        name: "old-connector",
      });
      expect((await clientInfo(emulator, BARE)).client).toMatchObject({
        id: bareId(BARE),
        webhookSecret: "s".repeat(32),
      });
      expectError(await call(emulator, "GET", "/api/v1/integrations/int-old", { apiKey: K1 }), 404);
    } finally {
      await emulator.close();
    }
  });

  it("keep a named account across restarts, under account:<name>, whichever of its keys is configured", async () => {
    const dataFile = path.join(tempDirectory("emulator-accounts-"), "state.json");
    const first = await start({ apiKeys: [`${K1}=acme`, `${K2}=acme`], dataFile });
    const id = (await call(first, "POST", "/api/v1/integrations", { apiKey: K1, body: githubOAuth("kept") }))
      .body.id;
    const secret = (await clientInfo(first, K2)).client.webhookSecret;
    await first.close();
    const written = readFileSync(dataFile, "utf8") + readFileSync(`${dataFile}.journal`, "utf8");
    expect(written).toContain('"account:acme"');
    expect(written).not.toContain(K1);
    expect(written).not.toContain(K2);

    // A run without the account (dormant: its journal lines are folded in and kept), which writes its own.
    const other = await start({ apiKeys: [OTHER], dataFile });
    await call(other, "POST", "/api/v1/integrations", { apiKey: OTHER, body: githubOAuth("other") });
    await other.close();

    // A new key of the account (a rotated key) sees what the old ones made.
    const ROTATED = "acme-key-rotated-005";
    const again = await start({ apiKeys: [`${ROTATED}=acme`], dataFile });
    try {
      const read = await call(again, "GET", `/api/v1/integrations/${id}`, { apiKey: ROTATED });
      expect(read.body).toMatchObject({ name: "kept" });
      expect((await clientInfo(again, ROTATED)).client).toMatchObject({ id: "acme", webhookSecret: secret });
      expect((await call(again, "GET", "/api/v1/integrations", { apiKey: ROTATED })).body.items).toHaveLength(
        1,
      );
    } finally {
      await again.close();
    }
  });
});
