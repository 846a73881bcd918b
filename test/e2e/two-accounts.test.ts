import { ApiClient } from "../../src/client";
import { startEmulator } from "../../src/emulator";
import { unwrapSecrets } from "../../tools/pulumi/state";
import { distinctiveSecret, type E2eApi } from "./support/e2e-api";
import { E2eStack, type RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";

/**
 * One program, two accounts: a Connector in the stack config's account and one in a second account given
 * by its `connection` (two tenants of one emulator), through the real CLI: each lives in its own
 * account for create, update, refresh and destroy, and the second key never shows in state, logs or
 * `__provider`.
 */
describe("e2e: two accounts in one program", () => {
  const devKey = distinctiveSecret("dev-apikey");
  const prodKey = distinctiveSecret("prod-apikey");
  const thirdKey = distinctiveSecret("third-apikey");
  let api: E2eApi;
  let prodClient: ApiClient;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};

  beforeAll(async () => {
    const emulator = await startEmulator({ port: 0, apiKeys: [devKey, prodKey, thirdKey] });
    const client = new ApiClient({ baseUrl: emulator.url, apiKey: devKey, maxRetries: 0 });
    prodClient = new ApiClient({ baseUrl: emulator.url, apiKey: prodKey, maxRetries: 0 });
    api = {
      emulator,
      apiKey: devKey,
      client,
      close: async () => {
        client.close();
        prodClient.close();
        await emulator.close();
      },
    };
    stack = await E2eStack.create("two-accounts", api, {
      config: { prodBaseUrl: emulator.url },
      secrets: { prodApiKey: prodKey },
    });
    runs.up = await stack.up();
    await stack.setConfig("prodEnabled", "false");
    runs.toggle = await stack.up();
    runs.refresh = await stack.refresh();
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  const tenantOf = (entries: RecordedRun["writes"]) =>
    entries.map((entry) => `${entry.method} ${entry.tenant}`);

  it("creates each connector in its own account", async () => {
    expect(runs.up?.error).toBeUndefined();
    const devId = String(runs.up?.outputs.devId?.value);
    const prodId = String(runs.up?.outputs.prodId?.value);
    expect(devId).not.toBe(prodId);
    await expect(api.client.getIntegration(devId)).resolves.toMatchObject({ name: "e2e-github" });
    await expect(prodClient.getIntegration(prodId)).resolves.toMatchObject({ name: "e2e-github" });
    // Tenants never see each other's records.
    await expect(prodClient.getIntegration(devId)).rejects.toMatchObject({ status: 404 });
    expect(tenantOf(runs.up?.writes ?? []).sort()).toEqual(["POST 0", "POST 1"]);
    expect(Number(runs.up?.outputs.prodTriggerCount?.value)).toBeGreaterThan(0);
  });

  it("updates and refreshes the second account's connector through its connection", async () => {
    expect(runs.toggle?.error).toBeUndefined();
    expect(tenantOf(runs.toggle?.writes ?? [])).toEqual(["PATCH 1"]);
    const prodId = String(runs.up?.outputs.prodId?.value);
    expect((await prodClient.getIntegration(prodId)).enabled).toBe(false);
    expect(runs.refresh?.error).toBeUndefined();
    expect(stack.snapshots.at(-1)?.filter((resource) => resource.type === CONNECTOR_TYPE)).toHaveLength(2);
  });

  it("keeps the second account's key secret: in decrypted state only, never in __provider", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "prod API key": prodKey }, other: { "dev API key": devKey, "third API key": thirdKey } },
      [CONNECTOR_TYPE],
    );
  });

  it("refuses to move a connector to another account's key on the same URL, and keeps it where it is", async () => {
    const prodId = String(runs.up?.outputs.prodId?.value);
    await stack.setConfig("prodApiKey", thirdKey, { secret: true });
    const moved = await stack.up();
    // Named before any request about the connector: it lives in prod's account, the new key reaches another.
    expect(moved.error).toContain(
      `Connector ${prodId} lives in account "${api.emulator.accountIdOf(prodKey)}" (${api.emulator.url}), but the provider's API key ` +
        `now reaches account "${api.emulator.accountIdOf(thirdKey)}"`,
    );
    expect(tenantOf(moved.writes)).toEqual([]);
    // The state still names the account that holds it, so that destroy reaches it there.
    const prod = (await stack.stack.resources()).find((resource) => resource.urn.endsWith("::prod-github"));
    expect(unwrapSecrets(prod?.outputs.connection ?? null)).toMatchObject({ apiKey: prodKey });
    expect(unwrapSecrets(prod?.inputs.connection ?? null)).toMatchObject({ apiKey: prodKey });
  });

  it("moves it to the other account with `pulumi up --replace`: created there, deleted through the old key", async () => {
    const prodId = String(runs.up?.outputs.prodId?.value);
    const urn = stack.stack.urn(CONNECTOR_TYPE, "prod-github");
    runs.moved = await stack.up({ replace: [urn] });
    expect(runs.moved.error).toBeUndefined();
    // The new connector in the third account first (disabled after its POST, as prodEnabled says), then the
    // old one deleted from prod's, through its key.
    expect(tenantOf(runs.moved.writes)).toEqual(["POST 2", "PATCH 2", "DELETE 1"]);
    await expect(prodClient.getIntegration(prodId)).resolves.toMatchObject({ deleted: true });
    const movedId = String(runs.moved.outputs.prodId?.value);
    expect(movedId).not.toBe(prodId);
    const third = new ApiClient({ baseUrl: api.emulator.url, apiKey: thirdKey, maxRetries: 0 });
    try {
      await expect(third.getIntegration(movedId)).resolves.toMatchObject({ name: "e2e-github" });
    } finally {
      third.close();
    }
    const prod = (await stack.stack.resources()).find((resource) => resource.urn === urn);
    expect(prod?.outputs.accountId).toBe(api.emulator.accountIdOf(thirdKey));
  });

  it("deletes each connector from its own account on destroy", async () => {
    const destroy = await stack.destroy();
    expect(destroy.error).toBeUndefined();
    expect(tenantOf(destroy.writes).sort()).toEqual(["DELETE 0", "DELETE 2"]);
  });
});
