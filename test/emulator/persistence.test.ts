import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadDataFile, writeFileAtomically } from "../../src/emulator/persistence";
import { Store, type TenantStore } from "../../src/emulator/store";
import { call, enabledStarInstance, githubOAuth, start } from "./helpers";
import { tempDirectory } from "./temp-directory";

const KEY = "persist-key-1";
const freshDirectory = () => tempDirectory("emulator-data-");

/** What a later start would see: the snapshot with its journal replayed. */
function savedTenant(dataFile: string, apiKey = KEY): TenantStore {
  const loaded = loadDataFile(dataFile);
  if (!loaded) throw new Error(`no data file ${dataFile}`);
  return new Store([apiKey], loaded.state, () => undefined, loaded.journal).tenant(0);
}

describe("persistence with dataFile", () => {
  it("keeps every record across a restart and never stores the API key", async () => {
    const dataFile = path.join(freshDirectory(), "state.json");
    const first = await start({ apiKeys: [KEY], dataFile });
    const { integrationId, triggerId } = await enabledStarInstance(first, githubOAuth("kept"));
    await call(first, "POST", `/_emulator/trigger-instances/${triggerId}/fire`);
    await call(first, "PATCH", `/api/v1/integrations/${integrationId}`, { body: { enabled: false } });
    await first.close();
    expect(readFileSync(dataFile, "utf8")).not.toContain(KEY);
    expect(readFileSync(`${dataFile}.journal`, "utf8")).not.toContain(KEY);

    const second = await start({ apiKeys: [KEY], dataFile });
    try {
      const read = await call(second, "GET", `/api/v1/integrations/${integrationId}`);
      expect(read.body).toMatchObject({ name: "kept", enabled: false, authConfig: { client_id: "cid" } });
      // The secret is kept (the emulator needs it) but still never returned.
      expect(read.text).not.toContain("shh-secret");
      expect((await call(second, "GET", "/api/v1/connectedAccounts")).body.items).toHaveLength(1);
      expect((await call(second, "GET", "/api/v1/triggers/active_triggers")).body.triggers[0].id).toBe(
        triggerId,
      );
      expect((await call(second, "GET", "/api/v1/triggers/logs")).body.data).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("has a write on disk before its response arrives (no close needed)", async () => {
    const dataFile = path.join(freshDirectory(), "state.json");
    const running = await start({ apiKeys: [KEY], dataFile });
    try {
      const created = await call(running, "POST", "/api/v1/integrations", { body: githubOAuth("durable") });
      expect(savedTenant(dataFile).getIntegration(created.body.id)).toBeDefined();
      // A second emulator on the same file, as after a crash, sees it.
      const other = await start({ apiKeys: [KEY], dataFile: dataFile });
      try {
        expect((await call(other, "GET", `/api/v1/integrations/${created.body.id}`)).status).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await running.close();
    }
  });

  it("coalesces concurrent writes, loses none and leaves no temp file behind", async () => {
    const directory = freshDirectory();
    const dataFile = path.join(directory, "state.json");
    const running = await start({ apiKeys: [KEY], dataFile });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        call(running, "POST", "/api/v1/integrations", {
          body: { name: `c-${index}`, appName: "github", useServiceAuth: true, forceNewIntegration: true },
        }),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(savedTenant(dataFile).listIntegrations()).toHaveLength(40);
    await running.close();
    expect(readdirSync(directory).sort()).toEqual(["state.json", "state.json.journal"]);
  });

  it("keeps the data of a key that is not configured in a later run", async () => {
    const dataFile = path.join(freshDirectory(), "state.json");
    const first = await start({ apiKeys: [KEY], dataFile });
    const id = (await call(first, "POST", "/api/v1/integrations", { body: githubOAuth("dormant") })).body.id;
    await first.close();
    const other = await start({ apiKeys: ["another-key"], dataFile });
    await call(other, "POST", "/api/v1/integrations", { body: githubOAuth("other") });
    await other.close();
    const again = await start({ apiKeys: [KEY], dataFile });
    try {
      expect((await call(again, "GET", `/api/v1/integrations/${id}`)).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it("refuses to start on a data file that is not emulator data, and leaves it untouched", async () => {
    const dataFile = path.join(freshDirectory(), "state.json");
    writeFileSync(dataFile, "{ not json");
    await expect(start({ apiKeys: [KEY], dataFile })).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(dataFile, "utf8")).toBe("{ not json");
    writeFileSync(dataFile, JSON.stringify({ version: 1, tenants: { x: { integrations: "no" } } }));
    await expect(start({ apiKeys: [KEY], dataFile })).rejects.toThrow(/does not hold emulator data/);
  });

  it("ignores a stray temp file next to the data (what a crash mid-write leaves)", async () => {
    const directory = freshDirectory();
    const dataFile = path.join(directory, "state.json");
    const first = await start({ apiKeys: [KEY], dataFile });
    const id = (await call(first, "POST", "/api/v1/integrations", { body: githubOAuth("survivor") })).body.id;
    await first.close();
    writeFileSync(path.join(directory, ".state.json.999.deadbeef.tmp"), '{"version":1,"tenants":{"trunc');
    const second = await start({ apiKeys: [KEY], dataFile });
    try {
      expect((await call(second, "GET", `/api/v1/integrations/${id}`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe("writeFileAtomically", () => {
  it("replaces the file in one step and cleans its temp file up when the rename fails", async () => {
    const directory = freshDirectory();
    const target = path.join(directory, "data.json");
    await writeFileAtomically(target, '{"a":1}');
    await writeFileAtomically(target, '{"a":2}');
    expect(readFileSync(target, "utf8")).toBe('{"a":2}');

    const blocked = path.join(directory, "blocked");
    mkdirSync(path.join(blocked, "child"), { recursive: true });
    await expect(writeFileAtomically(blocked, "garbage")).rejects.toThrow();
    expect(readdirSync(directory).sort()).toEqual(["blocked", "data.json"]);
    expect(readdirSync(blocked)).toEqual(["child"]);
  });
});
