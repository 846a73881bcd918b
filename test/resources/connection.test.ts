import { ApiClient } from "../../src/client";
import { startEmulator } from "../../src/emulator";
import { connector } from "../../src/dynamic/entry";
import { PartialCreateError } from "../../src/resources/shared/errors";
import { UNKNOWN } from "../../src/resources/shared/unknowns";
import { stackConfig } from "./support";

/** The `connection` input around the handlers: its check rule and how a change of it diffs. */

const inputs = { name: "c", appName: "github", authConfig: { client_id: "cid", client_secret: "cs" } };
const account = { baseUrl: "https://a.example", apiKey: "key-a" };

async function appliedOutputs(connection: unknown) {
  const checked = await connector.check({}, { ...inputs, connection });
  expect(checked.failures).toEqual([]);
  // What create would record: the inputs as outputs, with the connection.
  return {
    ...checked.inputs,
    appId: "app",
    lastApplied: { name: "c", appName: "github", useServiceAuth: false },
  } as never;
}

describe("connection input", () => {
  it("passes check when well-formed, and is kept in the checked inputs", async () => {
    const checked = await connector.check({}, { ...inputs, connection: account });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.connection).toEqual(account);
  });

  it.each([
    [{ baseUrl: "ftp://x", apiKey: "k" }, "connection.baseUrl"],
    [{ baseUrl: "https://x", apiKey: "has space" }, "connection.apiKey"],
    [{ baseUrl: "https://x" }, "connection.apiKey"],
    [{ ...account, region: "eu" }, "connection.region"],
    ["https://x", "connection"],
  ])("rejects %j naming %s in the reason, never quoting the key", async (connection, property) => {
    const { failures } = await connector.check({}, { ...inputs, connection });
    // Named in the reason, not as the failure's property: the engine would print that property's value.
    expect(failures).toContainEqual({ property: "", reason: expect.stringMatching(`^${property} `) });
    expect(JSON.stringify(failures)).not.toContain("has space");
  });

  it("replaces on another base URL, updates on another key, and is the same otherwise", async () => {
    const olds = await appliedOutputs(account);
    const news = async (connection: unknown) => (await connector.check({}, { ...inputs, connection })).inputs;
    await expect(connector.diff("id", olds, await news(account))).resolves.toMatchObject({
      changes: false,
      replaces: [],
    });
    await expect(
      connector.diff("id", olds, await news({ ...account, baseUrl: "https://b.example" })),
    ).resolves.toMatchObject({ changes: true, replaces: ["connection"] });
    await expect(
      connector.diff("id", olds, await news({ ...account, apiKey: "key-rotated" })),
    ).resolves.toMatchObject({ changes: true, replaces: [] });
  });

  it("shows a possible replacement in a preview when the connection or its base URL is not known yet", async () => {
    const olds = await appliedOutputs(account);
    const news = async (connection: unknown) => (await connector.check({}, { ...inputs, connection })).inputs;
    for (const connection of [UNKNOWN, { baseUrl: UNKNOWN, apiKey: "key-a" }]) {
      await expect(connector.diff("id", olds, await news(connection))).resolves.toMatchObject({
        changes: true,
        replaces: ["connection"],
      });
    }
  });
});

describe("a change of account on the same URL", () => {
  const keyA = "connection-test-key-a";
  const keyB = "connection-test-key-b";
  const stateOf = async (connection: unknown) => {
    const checked = await connector.check({}, { ...inputs, authScheme: "BEARER_TOKEN", connection });
    expect(checked.failures).toEqual([]);
    return checked.inputs;
  };

  it("is proved before it is recorded: another account's key fails the update, and a removal to the same account passes", async () => {
    const emulator = await startEmulator({ port: 0, apiKeys: [keyA, keyB] });
    const inA = new ApiClient({ baseUrl: emulator.url, apiKey: keyA, maxRetries: 0 });
    try {
      await connector.configure({
        config: stackConfig({ "integrations:apiKey": keyA, "integrations:baseUrl": emulator.url }),
      });
      const connectionA = { baseUrl: emulator.url, apiKey: keyA };
      const created = await connector.create(await stateOf(connectionA));
      // Account B's key on the same URL: B has no such connector, so the resource must not move to B.
      const error = await connector
        .update(created.id, created.outs, await stateOf({ baseUrl: emulator.url, apiKey: keyB }))
        .catch((caught: unknown) => caught);
      // Where the object lives is recorded: the new key's account is named before any request about it.
      expect(String(error)).toContain(
        `Connector ${created.id} lives in account "${emulator.accountIdOf(keyA)}"`,
      );
      expect(String(error)).toContain(`now reaches account "${emulator.accountIdOf(keyB)}"`);
      expect(String(error)).not.toContain(keyB);
      await expect(inA.getIntegration(created.id)).resolves.toMatchObject({ deleted: false });
      // No connection: the stack config's account, which is A, holds it; the update records that.
      const moved = await connector.update(created.id, created.outs, await stateOf(undefined));
      expect(moved.outs).not.toHaveProperty("connection");
    } finally {
      inA.close();
      await emulator.close();
    }
  });
});

describe("a partial create in another account", () => {
  it("keeps the connection (and the serialized provider), so refresh and destroy reach that account", async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      const connection = { baseUrl: emulator.url, apiKey: emulator.apiKey };
      const checked = await connector.check(
        {},
        { ...inputs, name: "partial-elsewhere", authScheme: "BEARER_TOKEN", enabled: false, connection },
      );
      expect(checked.failures).toEqual([]);
      emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"] });
      const error = await connector
        .create({ ...checked.inputs, __provider: "serialized-provider-text" } as typeof checked.inputs)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PartialCreateError);
      const partial = error as PartialCreateError;
      expect(partial.properties).toMatchObject({ connection, __provider: "serialized-provider-text" });
      expect(partial.stack).toBe(partial.message);
    } finally {
      await emulator.close();
    }
  });
});
