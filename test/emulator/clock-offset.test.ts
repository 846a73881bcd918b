/**
 * The `clockOffsetMs` fault: the server's clock runs ahead of or behind the client's. The fact of the real
 * service it encodes: every timestamp in its answers (createdAt, updatedAt, disabledAt, trigger log
 * entries) is the server's, not the client's, so a client must not compare them with its own clock (a
 * connector can be "created" an hour in the client's future).
 */
import type { RunningEmulator } from "../../src/emulator";
import { ServerClock } from "../../src/emulator/clock";
import { call, enabledStarInstance, expectError, githubOAuth, start } from "./helpers";

const KEY = "clock-key-1";
const OTHER = "clock-key-2";
const HOUR = 3_600_000;

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ apiKeys: [KEY, OTHER] });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.clearFaults());

/** Runs `act` and returns the client's clock before and after it, to bound the server's timestamps. */
async function between<T>(act: () => Promise<T>): Promise<{ result: T; before: number; after: number }> {
  const before = Date.now();
  const result = await act();
  return { result, before, after: Date.now() };
}

/** `stamp` is `offset` ms from the client's clock while the request ran (ms precision both sides). */
function expectOffset(stamp: string, window: { before: number; after: number }, offset: number): void {
  const at = Date.parse(stamp);
  expect(at).toBeGreaterThanOrEqual(window.before + offset);
  expect(at).toBeLessThanOrEqual(window.after + offset);
}

describe("clockOffsetMs", () => {
  it("puts a created connector's createdAt an hour ahead, and its updatedAt when changed", async () => {
    await call(emulator, "PUT", "/_emulator/faults", { body: { clockOffsetMs: HOUR } });
    const created = await between(() =>
      call(emulator, "POST", "/api/v1/integrations", {
        body: githubOAuth("ahead", { forceNewIntegration: true }),
      }),
    );
    expect(created.result.status).toBe(200);
    expectOffset(created.result.body.createdAt, created, HOUR);
    expect(created.result.body.updatedAt).toBe(created.result.body.createdAt);

    const id = created.result.body.id;
    const patched = await between(() =>
      call(emulator, "PATCH", `/api/v1/integrations/${id}`, { body: { enabled: false } }),
    );
    const read = await call(emulator, "GET", `/api/v1/integrations/${id}`);
    expectOffset(read.body.updatedAt, patched, HOUR);
  });

  it("puts them behind with a negative offset", async () => {
    await call(emulator, "PUT", "/_emulator/faults", { body: { clockOffsetMs: -HOUR } });
    const created = await between(() =>
      call(emulator, "POST", "/api/v1/integrations", {
        body: githubOAuth("behind", { forceNewIntegration: true }),
      }),
    );
    expectOffset(created.result.body.createdAt, created, -HOUR);
  });

  it("is per key: another key's requests keep the machine's clock", async () => {
    await call(emulator, "PUT", "/_emulator/faults", { body: { clockOffsetMs: HOUR } });
    const created = await between(() =>
      call(emulator, "POST", "/api/v1/integrations", {
        apiKey: OTHER,
        body: githubOAuth("on-time", { forceNewIntegration: true }),
      }),
    );
    expectOffset(created.result.body.createdAt, created, 0);
  });

  it("applies to every timestamp written: accounts, trigger instances, disabledAt, log entries, events", async () => {
    emulator.setFaults({ clockOffsetMs: -HOUR }); // the operator's: for every key that set none
    const made = await between(() =>
      enabledStarInstance(emulator, githubOAuth("stamped", { forceNewIntegration: true })),
    );
    const account = await call(emulator, "GET", `/api/v1/connectedAccounts/${made.result.accountId}`);
    expectOffset(account.body.createdAt, made, -HOUR);
    const instance = async () =>
      (
        await call(
          emulator,
          "GET",
          `/api/v1/triggers/active_triggers?triggerIds=${made.result.triggerId}&showDisabled=true`,
        )
      ).body.triggers[0];
    expectOffset((await instance()).createdAt, made, -HOUR);

    const fired = await between(() =>
      call(emulator, "POST", `/_emulator/trigger-instances/${made.result.triggerId}/fire`),
    );
    const [log] = (await call(emulator, "GET", `/api/v1/triggers/logs?connectionId=${made.result.accountId}`))
      .body.data;
    expectOffset(log.createdAt, fired, -HOUR);
    expectOffset(JSON.parse(log.triggerClientPayload).timestamp, fired, -HOUR);

    const disabled = await between(() =>
      call(emulator, "POST", `/api/v1/triggers/disable/${made.result.triggerId}`),
    );
    expectOffset((await instance()).disabledAt, disabled, -HOUR);
    expectOffset((await instance()).updatedAt, disabled, -HOUR);
  });

  it("ignores match and remaining (it is the server's clock, not a per-request fault)", async () => {
    emulator.setFaults({ clockOffsetMs: HOUR, match: ["GET /api/v1/apps"], remaining: 0 });
    const created = await between(() =>
      call(emulator, "POST", "/api/v1/integrations", {
        body: githubOAuth("unmatched", { forceNewIntegration: true }),
      }),
    );
    expectOffset(created.result.body.createdAt, created, HOUR);
  });

  it("is validated: whole milliseconds, at most ten years either way", async () => {
    for (const bad of [{ clockOffsetMs: 1.5 }, { clockOffsetMs: null }, { clockOffsetMs: 1e15 }]) {
      expectError(await call(emulator, "PUT", "/_emulator/faults", { body: bad }), 400);
    }
    expect(
      (await call(emulator, "PUT", "/_emulator/faults", { body: { clockOffsetMs: -5 } })).body.clockOffsetMs,
    ).toBe(-5);
    expect((await call(emulator, "DELETE", "/_emulator/faults")).body.clockOffsetMs).toBe(0);
  });
});

describe("ServerClock", () => {
  it("adds the offset of the key asked for, the operator's without one", () => {
    const offsets = new Map([[1, 5_000]]);
    const clock = new ServerClock(
      (key) => (key === undefined ? -1_000 : (offsets.get(key) ?? 0)),
      () => Date.parse("2026-01-01T00:00:00.000Z"),
    );
    expect(clock.now(1)).toBe("2026-01-01T00:00:05.000Z");
    expect(clock.now(0)).toBe("2026-01-01T00:00:00.000Z");
    expect(clock.now()).toBe("2025-12-31T23:59:59.000Z");
  });
});
