/**
 * The whole delivery path as a user's receiver sees it: the emulator signs and POSTs an event to a real
 * local receiver, and `verifyWebhook` (the package's public helper) judges what arrived.
 */
import { ApiClient, collect, verifyWebhook, WebhookVerificationError } from "../../src";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { startReceiver, waitFor, type Receiver } from "../emulator/receiver";
import { githubTokenAccount } from "../support/github-account";

let emulator: RunningEmulator;
let client: ApiClient;
let secret: string;
let instanceId: string;
let accountId: string;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, deliveryRetryDelaysMs: [20, 40], deliveryTimeoutMs: 2000 });
  client = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
  ({ accountId } = await githubTokenAccount(client, { name: "delivery-github", token: "a-token" }));
  const config = { owner: "octocat", repo: "hello-world" };
  instanceId = (await client.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", config)).triggerId;
  secret = (await client.getWebhookSettings()).webhookSecret ?? "";
});

afterAll(async () => {
  client.close();
  await emulator.close();
});

async function deliverOnce(statuses: number[]): Promise<Receiver> {
  const receiver = await startReceiver(statuses);
  await client.setCallbackUrl(receiver.url);
  const fired = await fetch(`${emulator.url}/_emulator/trigger-instances/${instanceId}/fire`, {
    method: "POST",
    headers: { "x-api-key": emulator.apiKey, "content-type": "application/json" },
    body: "{}",
  });
  expect(fired.status).toBe(200);
  await waitFor("a delivery answered 2xx", () => receiver.received.some((entry) => entry.answered < 300));
  // The emulator logs an attempt once it has read the answer, which can be after the receiver answered:
  // wait for the successful attempt's log entry (same body: every attempt of an event sends the same bytes).
  const body = receiver.received[0]?.body;
  await waitFor("the successful attempt logged", async () =>
    (await collect(client.triggerLogs({ connectionId: accountId, maxItems: 10 }))).some(
      (log) => log.triggerClientPayload === body && log.triggerClientError === null,
    ),
  );
  return receiver;
}

const reasonOf = (verify: () => unknown): string => {
  try {
    verify();
    return "accepted";
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
};

it("a real delivery verifies; a tampered body, a wrong secret and a stale timestamp do not", async () => {
  const receiver = await deliverOnce([200]);
  const [delivery] = receiver.received;
  await receiver.close();
  if (!delivery) throw new Error("no delivery");

  const event = verifyWebhook({ body: delivery.body, headers: delivery.headers, secret });
  expect(event).toMatchObject({
    type: "github_star_added_event",
    data: { trigger_id: instanceId, connection_id: accountId },
  });
  const tampered = delivery.body.replace("github_star_added_event", "github_star_removed_event");
  expect(reasonOf(() => verifyWebhook({ body: tampered, headers: delivery.headers, secret }))).toBe(
    "bad-signature",
  );
  expect(
    reasonOf(() => verifyWebhook({ body: delivery.body, headers: delivery.headers, secret: `${secret}x` })),
  ).toBe("bad-signature");
  // The same delivery replayed later: verifyWebhook is pure but for its clock, so the clock is moved
  // (Jest's fake Date) instead of the test sleeping. One second after it was signed it is within a
  // tolerance of 1 s; two seconds after, it is stale.
  const signedAt = Number(delivery.headers["webhook-timestamp"]) * 1000;
  const replayedAt = (delayMs: number) => {
    jest.useFakeTimers({ now: signedAt + delayMs });
    try {
      return reasonOf(() =>
        verifyWebhook({ body: delivery.body, headers: delivery.headers, secret, toleranceSeconds: 1 }),
      );
    } finally {
      jest.useRealTimers();
    }
  };
  expect(replayedAt(1999)).toBe("accepted");
  expect(replayedAt(2000)).toBe("stale");
});

it("a receiver answering 500 then 200 gets the event once as a success, and the logs show both attempts", async () => {
  const receiver = await deliverOnce([500, 200]);
  await receiver.close();
  const ids = receiver.received.map((entry) => String(entry.headers["webhook-id"]));
  expect(receiver.received.map((entry) => entry.answered)).toEqual([500, 200]);
  // One event: both attempts carry the same id, and each one verifies on its own.
  expect(new Set(ids).size).toBe(1);
  for (const entry of receiver.received) {
    expect(reasonOf(() => verifyWebhook({ body: entry.body, headers: entry.headers, secret }))).toBe(
      "accepted",
    );
  }
  const logs = await collect(client.triggerLogs({ connectionId: accountId, maxItems: 2 }));
  expect(logs.map((log) => log.triggerClientError === null)).toEqual([true, false]);
  expect(String(logs[1]?.triggerClientError)).toContain("HTTP 500");
});
