/** The callback URL, client_info and its webhook secret; what of them and of deletions survives a restart. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { RunningEmulator } from "../../src/emulator";
import { tenantIdOf } from "../../src/emulator/store";
import { call, expectError, start } from "./helpers";
import { tempDirectory } from "./temp-directory";

const KEY = "emu_webhook_settings_test_key_0001";
const OTHER = "emu_webhook_settings_test_key_0002";

describe("callback URL and client_info", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await start({ apiKeys: [KEY, OTHER] });
  });
  afterAll(() => emulator.close());

  it("leaves callbackURL out until one is set, then shows it in callback_url and client_info", async () => {
    const before = await call(emulator, "GET", "/api/v1/triggers/callback_url");
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ status: "success" });
    expect((await call(emulator, "GET", "/api/v1/client/auth/client_info")).body.client).not.toHaveProperty(
      "webhookURL",
    );

    const set = await call(emulator, "POST", "/api/v1/triggers/set_callback_url", {
      body: { callbackURL: "https://hooks.example/events" },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ status: "success" });
    expect((await call(emulator, "GET", "/api/v1/triggers/callback_url")).body).toEqual({
      status: "success",
      callbackURL: "https://hooks.example/events",
    });
    const info = await call(emulator, "GET", "/api/v1/client/auth/client_info");
    expect(info.status).toBe(200);
    expect(info.body.client).toMatchObject({
      webhookURL: "https://hooks.example/events",
      webhookSecret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      triggersEnabled: true,
      isNewWebhook: true,
    });
    // The caller's own key is not repeated in full.
    expect(info.text).not.toContain(KEY);
    expect(info.body.apiKey.key).toBe(`****${KEY.slice(-4)}`);
    // One URL and one secret per tenant.
    const other = await call(emulator, "GET", "/api/v1/client/auth/client_info", { apiKey: OTHER });
    expect(other.body.client).not.toHaveProperty("webhookURL");
    expect(other.body.client.webhookSecret).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{32}$/));
    expect(other.body.client.webhookSecret).not.toBe(info.body.client.webhookSecret);
  });

  it("400s a callbackURL that is not an http or https URL, naming it, and keeps the one set", async () => {
    await call(emulator, "POST", "/api/v1/triggers/set_callback_url", {
      body: { callbackURL: "http://127.0.0.1:9/kept" },
    });
    for (const callbackURL of ["ftp://files.example/x", "not a url", "", 42, undefined]) {
      const result = await call(emulator, "POST", "/api/v1/triggers/set_callback_url", {
        body: { callbackURL },
      });
      expectError(result, 400);
      expect(result.body.message).toContain("body.callbackURL");
    }
    expect((await call(emulator, "GET", "/api/v1/triggers/callback_url")).body.callbackURL).toBe(
      "http://127.0.0.1:9/kept",
    );
  });
});

describe("across a restart on the same data file", () => {
  it("keeps the callback URL and the secret; deleted instances and accounts stay deleted", async () => {
    const dataFile = path.join(tempDirectory("emulator-webhook-"), "state.json");
    const first = await start({ apiKeys: [KEY], dataFile });
    await call(first, "POST", "/api/v1/triggers/set_callback_url", {
      body: { callbackURL: "https://hooks.example/kept" },
    });
    const secret = (await call(first, "GET", "/api/v1/client/auth/client_info")).body.client.webhookSecret;
    const integrationId = (
      await call(first, "POST", "/api/v1/integrations", {
        body: { name: "hn", appName: "hackernews", authScheme: "NO_AUTH" },
      })
    ).body.id;
    const account = async () =>
      (await call(first, "POST", "/api/v1/connectedAccounts", { body: { integrationId, data: {} } })).body
        .connectedAccountId as string;
    const [gone, kept] = [await account(), await account()];
    const enable = async (accountId: string, interval: number) =>
      (
        await call(first, "POST", `/api/v1/triggers/enable/${accountId}/HACKERNEWS_NEW_SHOW_HN`, {
          body: { triggerConfig: { interval } },
        })
      ).body.triggerId as string;
    const deletedInstance = await enable(kept, 1);
    const keptInstance = await enable(kept, 2);
    const instanceOfGone = await enable(gone, 3);
    await call(first, "DELETE", `/api/v1/triggers/instance/${deletedInstance}`);
    await call(first, "DELETE", `/api/v1/connectedAccounts/${gone}`);
    await first.close();
    // The secret signs deliveries; it is kept in the data file (0600), which never holds the API key.
    expect(readFileSync(dataFile, "utf8") + readFileSync(`${dataFile}.journal`, "utf8")).not.toContain(KEY);

    for (let run = 0; run < 2; run++) {
      const again = await start({ apiKeys: [KEY], dataFile });
      try {
        expect((await call(again, "GET", "/api/v1/triggers/callback_url")).body.callbackURL).toBe(
          "https://hooks.example/kept",
        );
        expect((await call(again, "GET", "/api/v1/client/auth/client_info")).body.client.webhookSecret).toBe(
          secret,
        );
        expectError(await call(again, "GET", `/api/v1/connectedAccounts/${gone}`), 404);
        expect((await call(again, "GET", `/api/v1/connectedAccounts/${kept}`)).status).toBe(200);
        const instances = await call(again, "GET", "/api/v1/triggers/active_triggers?showDisabled=true");
        expect(instances.body.triggers.map((trigger: { id: string }) => trigger.id)).toEqual([keptInstance]);
        expect(instanceOfGone).not.toBe(keptInstance);
      } finally {
        await again.close();
      }
    }
  });
});

it("loads a data file written before webhooks, labels and entity ids existed, and gives the tenant a secret", async () => {
  const dataFile = path.join(tempDirectory("emulator-webhook-"), "state.json");
  const at = "2025-01-01T00:00:00.000Z";
  const account = {
    id: "acc-old",
    integrationId: "int-old",
    appId: "app",
    appName: "hackernews",
    status: "ACTIVE",
    data: {},
    createdAt: at,
    updatedAt: at,
  };
  const tenant = { integrations: [], connectedAccounts: [account], activeTriggers: [], logs: [] };
  writeFileSync(dataFile, JSON.stringify({ version: 1, tenants: { [tenantIdOf(KEY)]: tenant } }));
  const emulator = await start({ apiKeys: [KEY], dataFile });
  try {
    const read = await call(emulator, "GET", "/api/v1/connectedAccounts/acc-old");
    expect(read.body).toMatchObject({ id: "acc-old", entityId: "default", labels: [] });
    const info = await call(emulator, "GET", "/api/v1/client/auth/client_info");
    expect(info.body.client.webhookSecret).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{32}$/));
    expect(readFileSync(dataFile, "utf8")).toContain(info.body.client.webhookSecret);
  } finally {
    await emulator.close();
  }
});
