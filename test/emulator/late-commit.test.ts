/**
 * The `lateCommitMs` fault: a write whose client saw its connection reset, committed by the server later.
 * The fact of the real service it encodes: a create is not undone by a lost response. A slow server may
 * commit it after the client gave up (a timeout, a reset), so a client that retries, or reads to check,
 * may find nothing at first and the object later; a retried create of the same name then meets the first
 * (409 for a connector name, an upsert for a trigger instance of the same account, trigger and config).
 */
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { FaultController } from "../../src/emulator/faults";
import { LateCommits } from "../../src/emulator/late-commits";
import type { RunningEmulator } from "../../src/emulator";
import { call, expectError, githubOAuth, start } from "./helpers";
import { waitFor } from "./receiver";
import { tempDirectory } from "./temp-directory";

const KEY = "late-commit-key-1";
const CREATE = "POST /api/v1/integrations";
const ENABLE = "POST /api/v1/triggers/enable/:connectedAccountId/:triggerName";
const LATE_MS = 300;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ apiKeys: [KEY, "late-commit-key-2"] });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.clearFaults();
  emulator.requestLog.clear();
});

const connectorBody = (name: string) => ({ ...githubOAuth(name), forceNewIntegration: true });
const connectorNamed = async (name: string, apiKey = KEY) =>
  (
    await call(emulator, "GET", "/api/v1/integrations?pageSize=100&showDisabled=true", { apiKey })
  ).body.items.find((item: { name: string }) => item.name === name) as
    { id: string; createdAt: string } | undefined;

describe("lateCommitMs", () => {
  it("resets a connector create, then commits it lateCommitMs later; a retry of the same name is a 409", async () => {
    emulator.setFaults({ lateCommitMs: LATE_MS, match: [CREATE], remaining: 1 });
    const sentAt = Date.now();
    await expect(
      call(emulator, "POST", "/api/v1/integrations", { body: connectorBody("late-connector") }),
    ).rejects.toThrow();
    // Right after the lost response, the connector is not there (the client cannot tell it ever will be).
    // Checked when the read was answered before lateCommitMs had passed since the create was sent, as it
    // is but on a machine stalled for that long: then the commit may rightly be there already.
    const early = await connectorNamed("late-connector");
    if (Date.now() - sentAt < LATE_MS) expect(early).toBeUndefined();
    await waitFor(
      "the late commit",
      async () => (await connectorNamed("late-connector")) !== undefined,
      10_000,
    );
    const committed = (await connectorNamed("late-connector")) as { id: string; createdAt: string };
    // Applied as if it had arrived then: not before lateCommitMs had passed (less 1 ms: whole-ms timers).
    expect(Date.parse(committed.createdAt) - sentAt).toBeGreaterThanOrEqual(LATE_MS - 1);

    const retried = await call(emulator, "POST", "/api/v1/integrations", {
      body: connectorBody("late-connector"),
    });
    expectError(retried, 409);
    expect(retried.body.details).toEqual({ existingId: committed.id });

    // The request log has what clients sent: the create, reset (statusCode 0), and the retry; the late
    // application is not a request of theirs.
    const creates = emulator.requestLog.entries().filter((entry) => entry.route === "/api/v1/integrations");
    expect(creates.filter((entry) => entry.method === "POST")).toEqual([
      expect.objectContaining({ statusCode: 0, fault: "lateCommit", tenant: 0 }),
      expect.objectContaining({ statusCode: 409, fault: null, tenant: 0 }),
    ]);
    expect(emulator.faults().remaining).toBe(0);
  });

  it("resets a trigger instance enable, then commits it; enabling it again finds it (the service's upsert)", async () => {
    const integrationId = (
      await call(emulator, "POST", "/api/v1/integrations", {
        body: { name: "late-hn", appName: "hackernews", authScheme: "NO_AUTH", forceNewIntegration: true },
      })
    ).body.id;
    const accountId = (
      await call(emulator, "POST", "/api/v1/connectedAccounts", { body: { integrationId, data: {} } })
    ).body.connectedAccountId;
    const instances = async () =>
      (await call(emulator, "GET", `/api/v1/triggers/active_triggers?connectedAccountIds=${accountId}`)).body
        .triggers as { id: string }[];
    const enable = () =>
      call(emulator, "POST", `/api/v1/triggers/enable/${accountId}/HACKERNEWS_NEW_SHOW_HN`, {
        body: { triggerConfig: { interval: 5 } },
      });

    emulator.setFaults({ lateCommitMs: LATE_MS, match: [ENABLE], remaining: 1 });
    const sentAt = Date.now();
    await expect(enable()).rejects.toThrow();
    const early = await instances();
    if (Date.now() - sentAt < LATE_MS) expect(early).toEqual([]);
    await waitFor("the late commit", async () => (await instances()).length === 1, 10_000);
    const [committed] = await instances();
    const again = await enable();
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "success", triggerId: committed?.id, isNew: false });
    expect(await instances()).toHaveLength(1);
  });

  it("applies the write with the key as sent: into the sender's account, no other", async () => {
    await call(emulator, "PUT", "/_emulator/faults", {
      apiKey: "late-commit-key-2",
      body: { lateCommitMs: 50, match: [CREATE], remaining: 1 },
    });
    await expect(
      call(emulator, "POST", "/api/v1/integrations", {
        apiKey: "late-commit-key-2",
        body: connectorBody("late-of-key-2"),
      }),
    ).rejects.toThrow();
    await waitFor(
      "the late commit",
      async () => (await connectorNamed("late-of-key-2", "late-commit-key-2")) !== undefined,
      10_000,
    );
    expect(await connectorNamed("late-of-key-2", KEY)).toBeUndefined();
    await call(emulator, "DELETE", "/_emulator/faults", { apiKey: "late-commit-key-2" });
  });

  it("leaves reads alone (and does not count them against `remaining`)", async () => {
    emulator.setFaults({ lateCommitMs: LATE_MS, remaining: 1 });
    expect((await call(emulator, "GET", "/api/v1/integrations")).status).toBe(200);
    expect((await call(emulator, "GET", "/api/v1/apps")).status).toBe(200);
    expect(emulator.faults().remaining).toBe(1);
    expect(emulator.requestLog.entries().map((entry) => entry.fault)).toEqual([null, null]);
  });

  it("cannot be skipped by a client sending the late-commit marker header", async () => {
    emulator.setFaults({ errorRate: 1, match: [CREATE] });
    const spoofed = await fetch(`${emulator.url}/api/v1/integrations`, {
      method: "POST",
      headers: { "x-api-key": KEY, "content-type": "application/json", "x-emulator-late-commit": "guess" },
      body: JSON.stringify(connectorBody("spoofed")),
    });
    expect(spoofed.status).toBe(503);
    expect(emulator.requestLog.entries()).toEqual([
      expect.objectContaining({ statusCode: 503, fault: "error" }),
    ]);
  });

  it("is cancelled by close() when not yet due: the write is lost, as if the server stopped first", async () => {
    const dataFile = path.join(tempDirectory("emulator-late-"), "state.json");
    const own = await start({ apiKeys: [KEY], dataFile, faults: { lateCommitMs: LATE_MS, match: [CREATE] } });
    await expect(
      call(own, "POST", "/api/v1/integrations", { body: connectorBody("never") }),
    ).rejects.toThrow();
    await own.close();
    await sleep(LATE_MS + 200);
    const again = await start({ apiKeys: [KEY], dataFile });
    try {
      expect((await call(again, "GET", "/api/v1/integrations?showDisabled=true")).body.items).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it("is validated: whole milliseconds from 0 to 600,000, or null", async () => {
    for (const bad of [
      { lateCommitMs: -1 },
      { lateCommitMs: 1.5 },
      { lateCommitMs: 600_001 },
      { lateCommitMs: "1" },
    ]) {
      expectError(await call(emulator, "PUT", "/_emulator/faults", { body: bad }), 400);
    }
    const set = await call(emulator, "PUT", "/_emulator/faults", { body: { lateCommitMs: 10 } });
    expect(set.body.lateCommitMs).toBe(10);
    expect(
      (await call(emulator, "PUT", "/_emulator/faults", { body: { lateCommitMs: null } })).body.lateCommitMs,
    ).toBe(null);
    await call(emulator, "DELETE", "/_emulator/faults");
  });
});

describe("FaultController's late-commit decisions", () => {
  it("applies to matching writes only, before random faults, after the rate limit", () => {
    const faults = new FaultController({ lateCommitMs: 250, resetRate: 1 }, () => 0);
    expect(faults.decide("POST", "/api/v1/integrations", 0)).toMatchObject({
      kind: "lateCommit",
      outcome: { kind: "lateCommit", afterMs: 250 },
    });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(faults.decide(method, "/api/v1/integrations/:integrationId", 0)?.kind).toBe("lateCommit");
    }
    // A read gets the other faults configured, never a late commit.
    expect(faults.decide("GET", "/api/v1/integrations", 0)?.kind).toBe("reset");
    const limited = new FaultController({ lateCommitMs: 250, rateLimitPerSecond: 0.001 }, () => 0);
    expect(limited.decide("POST", "/api/v1/integrations", 0)?.kind).toBe("lateCommit");
    expect(limited.decide("POST", "/api/v1/integrations", 0)?.kind).toBe("throttle");
  });
});

describe("LateCommits (what close() does with them)", () => {
  it("cancels the ones not yet due and waits for the one being applied", async () => {
    const lateCommits = new LateCommits();
    const applied: string[] = [];
    let finish: () => void = () => undefined;
    const applying = () =>
      new Promise<void>((resolve) => {
        finish = () => {
          applied.push("running");
          resolve();
        };
      });
    lateCommits.schedule(0, applying, () => undefined);
    lateCommits.schedule(
      60_000,
      async () => void applied.push("not yet due"),
      () => undefined,
    );
    await sleep(20); // the first is now being applied
    expect(lateCommits.pending()).toBe(2);
    let closed = false;
    const closing = lateCommits.close().then(() => (closed = true));
    await sleep(20);
    expect(closed).toBe(false); // still waiting for the one being applied
    finish();
    await closing;
    expect(applied).toEqual(["running"]);
    expect(lateCommits.pending()).toBe(0);
    // Nothing is scheduled once closed.
    lateCommits.schedule(
      0,
      async () => void applied.push("after close"),
      () => undefined,
    );
    await sleep(20);
    expect(applied).toEqual(["running"]);
  });
});
