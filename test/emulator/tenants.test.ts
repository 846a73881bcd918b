import type { RunningEmulator } from "../../src/emulator";
import { call, enabledStarInstance, expectError, githubOAuth, start } from "./helpers";

let emulator: RunningEmulator;
const A = { apiKey: "tenant-a-key" };
const B = { apiKey: "tenant-b-key" };
let integrationId: string;
let accountId: string;
let triggerId: string;

beforeAll(async () => {
  emulator = await start({ apiKeys: [A.apiKey, B.apiKey] });
  ({ integrationId, accountId, triggerId } = await enabledStarInstance(
    emulator,
    githubOAuth("shared-name"),
    A,
  ));
  await call(emulator, "POST", `/_emulator/trigger-instances/${triggerId}/fire`, A);
});
afterAll(() => emulator.close());

describe("tenant isolation", () => {
  it("answers 404 (not 403) when another key reads or changes a record", async () => {
    expectError(await call(emulator, "GET", `/api/v1/integrations/${integrationId}`, B), 404);
    expectError(
      await call(emulator, "PATCH", `/api/v1/integrations/${integrationId}`, {
        ...B,
        body: { enabled: false },
      }),
      404,
    );
    expectError(await call(emulator, "DELETE", `/api/v1/integrations/${integrationId}`, B), 404);
    expectError(
      await call(emulator, "POST", "/api/v1/connectedAccounts", { ...B, body: { integrationId, data: {} } }),
      404,
    );
    expectError(
      await call(emulator, "POST", `/api/v1/triggers/enable/${accountId}/GITHUB_STAR_ADDED_EVENT`, {
        ...B,
        body: { triggerConfig: { owner: "o", repo: "r" } },
      }),
      404,
    );
    expectError(await call(emulator, "POST", `/_emulator/trigger-instances/${triggerId}/fire`, B), 404);
    const stillThere = await call(emulator, "GET", `/api/v1/integrations/${integrationId}`, A);
    expect(stillThere.body).toMatchObject({ enabled: true, deleted: false });
  });

  it("lists only the caller's records", async () => {
    expect((await call(emulator, "GET", "/api/v1/integrations", B)).body.items).toEqual([]);
    expect((await call(emulator, "GET", "/api/v1/connectedAccounts", B)).body.items).toEqual([]);
    expect((await call(emulator, "GET", "/api/v1/triggers/active_triggers", B)).body.triggers).toEqual([]);
    expect((await call(emulator, "GET", "/api/v1/triggers/logs", B)).body.data).toEqual([]);
    expect((await call(emulator, "GET", `/api/v1/triggers?integrationIds=${integrationId}`, B)).body).toEqual(
      [],
    );
    const counts = await call(emulator, "GET", "/api/v1/triggers?triggerIds=GITHUB_STAR_ADDED_EVENT", B);
    expect(counts.body[0].count).toBe(0);
    const own = await call(emulator, "GET", "/api/v1/triggers?triggerIds=GITHUB_STAR_ADDED_EVENT", A);
    expect(own.body[0].count).toBe(1);
  });

  it("scopes names and the 'existing connector of the app' rule per tenant", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      ...B,
      body: githubOAuth("shared-name"),
    });
    expect(created.status).toBe(200);
    expect(created.body.id).not.toBe(integrationId);
  });

  it("shows each key only its own request log, by tenant index and never by key", async () => {
    const own = await call(emulator, "GET", "/_emulator/requests", B);
    expect(own.status).toBe(200);
    expect(own.body.entries.length).toBeGreaterThan(0);
    expect(own.body.entries.every((entry: { tenant: number }) => entry.tenant === 1)).toBe(true);
    expect(own.text).not.toContain(A.apiKey);
    expect(own.text).not.toContain(B.apiKey);
    expect(emulator.requestLog.count({ tenant: 0 })).toBeGreaterThan(0);
    const cleared = await call(emulator, "DELETE", "/_emulator/requests", B);
    expect(cleared.status).toBe(204);
    const afterClear = await call(emulator, "GET", "/_emulator/requests", B);
    // Only the DELETE itself, recorded once its response was sent.
    expect(afterClear.body.entries).toEqual([
      expect.objectContaining({ method: "DELETE", route: "/_emulator/requests", statusCode: 204, tenant: 1 }),
    ]);
    expect(emulator.requestLog.count({ tenant: 0 })).toBeGreaterThan(0);
  });

  it("lets a key set faults for its own tenant only: it cannot slow, fail or read another key's", async () => {
    const slowAndFailing = { latencyMs: 200, errorRate: 1, match: ["GET /api/v1/apps"] };
    const set = await call(emulator, "PUT", "/_emulator/faults", { ...A, body: slowAndFailing });
    expect(set.body).toMatchObject(slowAndFailing);
    try {
      expect((await call(emulator, "GET", "/_emulator/faults", B)).body).toMatchObject({
        latencyMs: 0,
        errorRate: 0,
        match: null,
      });
      expectError(await call(emulator, "GET", "/api/v1/apps", A), 503);
      expect((await call(emulator, "GET", "/api/v1/apps", B)).status).toBe(200);
      const ofB = emulator.requestLog.entries().filter((entry) => entry.tenant === 1);
      expect(ofB.filter((entry) => entry.route === "/api/v1/apps")).toEqual([
        expect.objectContaining({ statusCode: 200, fault: null }),
      ]);
      // B clearing its faults leaves A's in place.
      await call(emulator, "DELETE", "/_emulator/faults", B);
      expect((await call(emulator, "GET", "/_emulator/faults", A)).body).toMatchObject(slowAndFailing);
      // B cannot fire A's trigger instance either.
      expectError(await call(emulator, "POST", `/_emulator/trigger-instances/${triggerId}/fire`, B), 404);
    } finally {
      await call(emulator, "DELETE", "/_emulator/faults", A);
    }
    expect((await call(emulator, "GET", "/api/v1/apps", A)).status).toBe(200);
  });

  it("keeps the operator's faults (options, programmatic API) for every tenant that set none", async () => {
    emulator.setFaults({ errorRate: 1, match: ["GET /api/v1/triggers/logs"] });
    try {
      expectError(await call(emulator, "GET", "/api/v1/triggers/logs", B), 503);
      expect((await call(emulator, "GET", "/_emulator/faults", B)).body.errorRate).toBe(1);
    } finally {
      emulator.clearFaults();
    }
    expect((await call(emulator, "GET", "/api/v1/triggers/logs", B)).status).toBe(200);
  });
});
