/** Trigger instances after enable: the upsert, config validation, status switch, disable and delete. */
import type { RunningEmulator } from "../../src/emulator";
import { call, expectError, start } from "./helpers";

let emulator: RunningEmulator;
let accountId: string;
let otherAccountId: string;

const connectHackerNews = async () => {
  const integrationId = (
    await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: `hn-${Math.random()}`, appName: "hackernews", authScheme: "NO_AUTH" },
    })
  ).body.id;
  return (await call(emulator, "POST", "/api/v1/connectedAccounts", { body: { integrationId, data: {} } }))
    .body.connectedAccountId as string;
};
const enable = (account: string, triggerName: string, triggerConfig: unknown) =>
  call(emulator, "POST", `/api/v1/triggers/enable/${account}/${triggerName}`, { body: { triggerConfig } });
const read = async (id: string) =>
  (await call(emulator, "GET", `/api/v1/triggers/active_triggers?triggerIds=${id}&showDisabled=true`)).body
    .triggers;

beforeAll(async () => {
  emulator = await start();
  accountId = await connectHackerNews();
  otherAccountId = await connectHackerNews();
});
afterAll(() => emulator.close());

describe("POST /api/v1/triggers/enable (an upsert)", () => {
  it("updates an instance of the same account, trigger and config (isNew false) and re-enables it", async () => {
    const created = await enable(accountId, "HACKERNEWS_NEW_TOP_STORY", { interval: 5, minScore: 100 });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ status: "success", triggerId: expect.any(String), isNew: true });
    const id = created.body.triggerId;
    expect((await call(emulator, "POST", `/api/v1/triggers/disable/${id}`)).body).toEqual({
      status: "success",
    });
    expect((await read(id))[0].disabledAt).toEqual(expect.any(String));

    // The same config with its keys in another order is the same config.
    const again = await enable(accountId, "HACKERNEWS_NEW_TOP_STORY", { minScore: 100, interval: 5 });
    expect(again.body).toEqual({ status: "success", triggerId: id, isNew: false });
    expect((await read(id))[0]).toMatchObject({ id, disabledAt: null, disabledReason: null });

    const otherConfig = await enable(accountId, "HACKERNEWS_NEW_TOP_STORY", { interval: 6, minScore: 100 });
    expect(otherConfig.body).toMatchObject({ isNew: true });
    expect(otherConfig.body.triggerId).not.toBe(id);
    const otherAccount = await enable(otherAccountId, "HACKERNEWS_NEW_TOP_STORY", {
      interval: 5,
      minScore: 100,
    });
    expect(otherAccount.body).toMatchObject({ isNew: true });
    const otherTrigger = await enable(accountId, "HACKERNEWS_NEW_SHOW_HN", { interval: 5 });
    expect(otherTrigger.body).toMatchObject({ isNew: true });
  });

  it("400s a config that breaks the trigger's schema, naming each key and rule, and changes nothing", async () => {
    const before = (await call(emulator, "GET", "/api/v1/triggers/active_triggers?showDisabled=true")).body;
    const bad = await enable(accountId, "HACKERNEWS_NEW_COMMENT_ON_ITEM", { interval: 0, extra: "kept" });
    expectError(bad, 400);
    expect(bad.body.message).toContain("triggerConfig.itemId is required (required)");
    expect(bad.body.message).toContain("triggerConfig.interval must be >= 1 (minimum)");
    expect(bad.body.details.issues).toEqual(
      expect.arrayContaining([
        { path: "triggerConfig.itemId", rule: "required", message: "is required" },
        { path: "triggerConfig.interval", rule: "minimum", message: "must be >= 1" },
      ]),
    );
    expect(bad.body.details.issues).toHaveLength(2);
    const wrongType = await enable(accountId, "HACKERNEWS_NEW_COMMENT_ON_ITEM", { itemId: "8863" });
    expectError(wrongType, 400);
    expect(wrongType.body.details.issues).toEqual([
      { path: "triggerConfig.itemId", rule: "type", message: "must be integer" },
    ]);
    expect((await call(emulator, "GET", "/api/v1/triggers/active_triggers?showDisabled=true")).body).toEqual(
      before,
    );
    // Keys the schema does not name are allowed.
    expect(
      (await enable(accountId, "HACKERNEWS_NEW_COMMENT_ON_ITEM", { itemId: 8863, note: "x" })).status,
    ).toBe(200);
  });

  it("404s an unknown account or trigger; 400s a trigger of another app or a config that is not an object", async () => {
    expectError(await enable("nope", "HACKERNEWS_NEW_SHOW_HN", {}), 404);
    expectError(await enable(accountId, "NOPE", {}), 404);
    expectError(await enable(accountId, "GITHUB_STAR_ADDED_EVENT", { owner: "o", repo: "r" }), 400);
    expectError(await enable(accountId, "HACKERNEWS_NEW_SHOW_HN", [1]), 400);
  });
});

describe("status, disable and delete", () => {
  it("switches the status with PATCH; active_triggers hides a disabled instance unless asked", async () => {
    const id = (await enable(accountId, "HACKERNEWS_NEW_ASK_HN", { interval: 30 })).body.triggerId;
    const path = `/api/v1/triggers/instance/${id}/status`;
    const off = await call(emulator, "PATCH", path, { body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ status: "success" });
    const disabled = await read(id);
    expect(disabled).toEqual([expect.objectContaining({ id, disabledAt: expect.any(String) })]);
    const visible = await call(emulator, "GET", `/api/v1/triggers/active_triggers?triggerIds=${id}`);
    expect(visible.body.triggers).toEqual([]);
    // Disabling again keeps the time it was first disabled.
    await call(emulator, "PATCH", path, { body: { enabled: false } });
    expect((await read(id))[0].disabledAt).toBe(disabled[0].disabledAt);

    expect((await call(emulator, "PATCH", path, { body: { enabled: true } })).body).toEqual({
      status: "success",
    });
    expect((await read(id))[0].disabledAt).toBeNull();
    expectError(await call(emulator, "PATCH", path, { body: { enabled: "no" } }), 400);
    expectError(await call(emulator, "PATCH", path, { body: {} }), 400);
    expectError(
      await call(emulator, "PATCH", "/api/v1/triggers/instance/nope/status", { body: { enabled: true } }),
      404,
    );
    expectError(await call(emulator, "POST", "/api/v1/triggers/disable/nope"), 404);
  });

  it("deletes an instance for good: 404 after, gone from active_triggers, a new enable is new", async () => {
    const config = { interval: 45 };
    const id = (await enable(otherAccountId, "HACKERNEWS_NEW_ASK_HN", config)).body.triggerId;
    const deleted = await call(emulator, "DELETE", `/api/v1/triggers/instance/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: "success", count: 1 });
    expect(await read(id)).toEqual([]);
    expectError(await call(emulator, "DELETE", `/api/v1/triggers/instance/${id}`), 404);
    expectError(
      await call(emulator, "PATCH", `/api/v1/triggers/instance/${id}/status`, { body: { enabled: true } }),
      404,
    );
    expectError(await call(emulator, "POST", `/_emulator/trigger-instances/${id}/fire`), 404);
    const again = await enable(otherAccountId, "HACKERNEWS_NEW_ASK_HN", config);
    expect(again.body).toMatchObject({ isNew: true });
    expect(again.body.triggerId).not.toBe(id);
  });

  it("400s firing a disabled instance", async () => {
    const id = (await enable(accountId, "HACKERNEWS_NEW_ASK_HN", { interval: 50 })).body.triggerId;
    await call(emulator, "POST", `/api/v1/triggers/disable/${id}`);
    expectError(await call(emulator, "POST", `/_emulator/trigger-instances/${id}/fire`), 400);
  });
});
