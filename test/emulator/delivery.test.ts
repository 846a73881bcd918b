/** Event delivery: signed POSTs to the callback URL, retries with bounded backoff, every attempt logged. */
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { builtInCatalog, type EmulatorOptions, type RunningEmulator } from "../../src/emulator";
import { call, enabledStarInstance, start } from "./helpers";
import { refusingUrl, startReceiver, waitFor, type Receiver } from "./receiver";

const FAST: EmulatorOptions = { deliveryRetryDelaysMs: [20, 40], deliveryTimeoutMs: 2000 };
const STAR = "GITHUB_STAR_ADDED_EVENT";

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close();
});

interface Setup {
  emulator: RunningEmulator;
  instanceId: string;
  accountId: string;
  secret: string;
}

/** An emulator with one enabled GitHub star instance and the callback URL set (when given). */
async function setUp(callbackURL: string | undefined, options: EmulatorOptions = FAST): Promise<Setup> {
  const emulator = await start(options);
  running.push(emulator);
  const { accountId, triggerId: instanceId } = await enabledStarInstance(
    emulator,
    { name: "gh", appName: "github", authScheme: "BEARER_TOKEN" },
    { triggerConfig: { owner: "octo", repo: "hello" }, data: { token: "t" } },
  );
  if (callbackURL !== undefined) {
    await call(emulator, "POST", "/api/v1/triggers/set_callback_url", { body: { callbackURL } });
  }
  const secret = (await call(emulator, "GET", "/api/v1/client/auth/client_info")).body.client.webhookSecret;
  return { emulator, instanceId, accountId, secret };
}

async function receiver(statuses?: (number | null)[]): Promise<Receiver> {
  const started = await startReceiver(statuses);
  running.push(started);
  return started;
}

const fire = (setup: Setup, body?: unknown) =>
  call(setup.emulator, "POST", `/_emulator/trigger-instances/${setup.instanceId}/fire`, { body });
const logsOf = async (emulator: RunningEmulator) =>
  (await call(emulator, "GET", "/api/v1/triggers/logs?limit=100")).body.data.slice().reverse();
/** How many of these log entries end a delivery that gave up. */
const gaveUp = (logs: { triggerClientError: string | null }[]) =>
  logs.filter((log) => log.triggerClientError?.includes("gave up")).length;

it("POSTs the V2 event with Standard Webhooks headers, signed with the webhookSecret as is", async () => {
  const hook = await receiver([204]);
  const setup = await setUp(hook.url);
  const firedFrom = Math.floor(Date.now() / 1000);
  const fired = await fire(setup);
  expect(fired.status).toBe(200);
  expect(fired.body).toEqual({
    eventId: expect.stringMatching(/^msg_/),
    logId: expect.any(String),
    delivery: "scheduled",
  });
  await waitFor("the delivery", () => hook.received.length === 1);
  const receivedBy = Math.ceil(Date.now() / 1000);

  const [{ headers, body }] = hook.received as [Receiver["received"][number]];
  expect(headers["content-type"]).toBe("application/json");
  expect(headers["webhook-id"]).toBe(fired.body.eventId);
  // Signed when sent: between the fire request and the moment the receiver had it (whole seconds).
  const timestamp = Number(headers["webhook-timestamp"]);
  expect(timestamp).toBeGreaterThanOrEqual(firedFrom);
  expect(timestamp).toBeLessThanOrEqual(receivedBy);
  // Checked independently of the library that signed it: HMAC-SHA256 keyed with the secret's bytes.
  const expected = createHmac("sha256", Buffer.from(setup.secret, "utf8"))
    .update(`${fired.body.eventId}.${timestamp}.${body}`)
    .digest("base64");
  expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  // And as a consumer verifies it with the library.
  const verified = new Webhook(setup.secret, { format: "raw" }).verify(
    body,
    headers as Record<string, string>,
  );
  const sample = builtInCatalog.triggers.find((trigger) => trigger.name === STAR)?.payload;
  expect(verified).toEqual({
    type: "github_star_added_event",
    timestamp: expect.any(String),
    log_id: fired.body.logId,
    data: { ...sample, connection_id: setup.accountId, trigger_id: setup.instanceId },
  });

  await waitFor("the log entry", async () => (await logsOf(setup.emulator)).length === 1);
  const logs = await call(setup.emulator, "GET", "/api/v1/triggers/logs");
  expect(logs.body.data).toEqual([
    expect.objectContaining({
      id: fired.body.logId,
      connectionId: setup.accountId,
      triggerName: STAR,
      errorTrigger: null,
      triggerClientError: null,
      triggerClientPayload: body,
      deliveryAttempt: 1,
    }),
  ]);
  expect(logs.text).not.toContain(setup.secret);
});

it("retries a 500: the receiver gets the same event again, once as a success, and both attempts are logged", async () => {
  const hook = await receiver([500, 200]);
  const setup = await setUp(hook.url);
  const fired = await fire(setup, { payload: { stars: 7 } });
  await waitFor("both attempts logged", async () => (await logsOf(setup.emulator)).length === 2);

  expect(hook.received.map((request) => request.answered)).toEqual([500, 200]);
  const [first, second] = hook.received as [Receiver["received"][number], Receiver["received"][number]];
  expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  expect(second.body).toBe(first.body);
  expect(JSON.parse(second.body).data).toEqual({
    stars: 7,
    connection_id: setup.accountId,
    trigger_id: setup.instanceId,
  });
  const logs = await logsOf(setup.emulator);
  expect(logs).toEqual([
    expect.objectContaining({
      id: fired.body.logId,
      deliveryAttempt: 1,
      triggerClientError: expect.stringContaining("HTTP 500"),
      triggerClientPayload: first.body,
    }),
    expect.objectContaining({ deliveryAttempt: 2, triggerClientError: null, errorTrigger: null }),
  ]);
  // One event fired, whatever its attempts.
  const triggers = await call(setup.emulator, "GET", `/api/v1/triggers?triggerIds=${STAR}`);
  expect(triggers.body[0].count).toBe(1);
});

it("retries a refused connection a bounded number of times, logging each attempt", async () => {
  const setup = await setUp(await refusingUrl());
  await fire(setup);
  await waitFor("three attempts", async () => (await logsOf(setup.emulator)).length === 3);
  const logs = await logsOf(setup.emulator);
  expect(logs.map((log: { deliveryAttempt: number }) => log.deliveryAttempt)).toEqual([1, 2, 3]);
  for (const log of logs) expect(log.triggerClientError).toContain("ECONNREFUSED");
  expect(logs[0].triggerClientError).toContain("attempt 1 of 3, retrying in 20 ms");
  expect(logs[2].triggerClientError).toContain("gave up after 3 attempts");
  // No fourth attempt: a second event, fired after the first gave up, makes its own three attempts over
  // the same retry delays; had the first delivery gone on, its attempts would be among them.
  const second = await fire(setup);
  await waitFor("the second event to give up", async () => gaveUp(await logsOf(setup.emulator)) === 2);
  const all = await logsOf(setup.emulator);
  expect(all.map((log: { deliveryAttempt: number }) => log.deliveryAttempt)).toEqual([1, 2, 3, 1, 2, 3]);
  expect(all[3].id).toBe(second.body.logId);
});

it("answers API requests while a delivery waits for an answer", async () => {
  const hook = await receiver([null]);
  // A timeout far beyond the test's: the first attempt is still waiting for an answer while the test runs.
  const setup = await setUp(hook.url, { deliveryRetryDelaysMs: [], deliveryTimeoutMs: 600_000 });
  const fired = await fire(setup);
  expect(fired.status).toBe(200);
  expect(fired.body.delivery).toBe("scheduled");
  await waitFor("the attempt to reach the receiver", () => hook.received.length === 1);
  expect((await call(setup.emulator, "GET", "/api/v1/triggers/callback_url")).status).toBe(200);
  // Still unanswered: no attempt has ended, so none is logged.
  expect(await logsOf(setup.emulator)).toEqual([]);
});

it("gives up on an attempt with no answer after deliveryTimeoutMs, and retries it", async () => {
  const hook = await receiver([null]);
  const setup = await setUp(hook.url, { deliveryRetryDelaysMs: [10], deliveryTimeoutMs: 300 });
  await fire(setup);
  await waitFor("two attempts", async () => (await logsOf(setup.emulator)).length === 2);
  const logs = await logsOf(setup.emulator);
  expect(logs[0].triggerClientError).toContain("did not answer within 300 ms; attempt 1 of 2");
  expect(logs[1].triggerClientError).toContain("did not answer within 300 ms; gave up after 2 attempts");
  expect(hook.received).toHaveLength(2);
});

it("stops pending retries at once on close", async () => {
  const hook = await receiver([500]);
  // The retry waits ten minutes, far beyond Jest's timeout: close() must cut the wait, not sit it out.
  const setup = await setUp(hook.url, { deliveryRetryDelaysMs: [600_000], deliveryTimeoutMs: 2000 });
  await fire(setup);
  await waitFor("the first attempt", async () => (await logsOf(setup.emulator)).length === 1);
  await setup.emulator.close();
  expect(hook.received).toHaveLength(1);
});

it("fireEverySeconds fires every enabled instance on a period, and no disabled one", async () => {
  const hook = await receiver([200]);
  // The disabled instance is disabled from the start (fixtures): with one enabled over HTTP and disabled
  // afterwards, a period falling in between would fire it legitimately, and its delivery could arrive
  // late. Which instances each period fires is tested on a fake clock in live-feed.test.ts.
  const apiKey = "live-feed-key";
  const account = "feed-account";
  const emulator = await start({
    ...FAST,
    apiKeys: [apiKey],
    fireEverySeconds: 0.1,
    fixtures: {
      tenants: {
        [apiKey]: {
          integrations: [{ id: "feed-connector", name: "gh", appName: "github", useServiceAuth: true }],
          connectedAccounts: [{ id: account, integrationId: "feed-connector" }],
          activeTriggers: [
            { id: "enabled", connectionId: account, triggerName: STAR },
            {
              id: "disabled",
              connectionId: account,
              triggerName: "GITHUB_COMMIT_EVENT",
              disabledAt: "2025-01-01T00:00:00.000Z",
            },
          ],
        },
      },
    },
  });
  running.push(emulator);
  await call(emulator, "POST", "/api/v1/triggers/set_callback_url", { body: { callbackURL: hook.url } });
  await waitFor("three deliveries", () => hook.received.length >= 3, 60_000);
  const events = hook.received.map((request) => JSON.parse(request.body));
  expect(new Set(events.map((event) => event.data.trigger_id))).toEqual(new Set(["enabled"]));
  expect(new Set(events.map((event) => event.type))).toEqual(new Set([STAR.toLowerCase()]));
  // Each period fires a new event (its own webhook-id), not a retry of the last one.
  expect(new Set(hook.received.map((request) => request.headers["webhook-id"])).size).toBe(
    hook.received.length,
  );
});
