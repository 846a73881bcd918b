import { Webhook } from "standardwebhooks";
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationReason } from "../../src";
import { eventBody, nowSeconds, sign, signedDelivery, type Delivery } from "./signed-delivery";

const secret = "whk_secret_5f1c0e9a";

/** The reason verifyWebhook refuses a delivery with, after checking its error never shows secret or body. */
function refusal(delivery: Delivery, options: { toleranceSeconds?: number } = {}) {
  try {
    verifyWebhook({ ...delivery, secret, toleranceSeconds: options.toleranceSeconds });
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    const text = `${(error as Error).message} ${JSON.stringify(error)}`;
    expect(text).not.toContain(secret);
    expect(text).not.toContain("octo/hello");
    return (error as WebhookVerificationError).reason;
  }
  throw new Error("the delivery was accepted");
}

/** The Standard Webhooks reference library, keyed with the secret as is. */
const library = new Webhook(secret, { format: "raw" });

/** The headers of a delivery signed now by the reference library. */
function librarySigned(body: string | Buffer): Record<string, string> {
  const at = new Date(nowSeconds() * 1000);
  return {
    "webhook-id": "msg_lib",
    "webhook-timestamp": String(at.getTime() / 1000),
    "webhook-signature": library.sign("msg_lib", at, body),
  };
}

describe("verifyWebhook accepts", () => {
  it("a delivery signed as the contract says, returning the typed event", () => {
    const event = verifyWebhook({ ...signedDelivery(secret, eventBody), secret });
    expect(event.type).toBe("github_star_added_event");
    expect(event.log_id).toBe("log_1");
    expect(event.data).toEqual({
      repository: "octo/hello",
      stars: 42,
      connection_id: "ca_1",
      trigger_id: "ti_1",
    });
  });

  it("the raw body as a Buffer", () => {
    const event = verifyWebhook({ ...signedDelivery(secret, Buffer.from(eventBody)), secret });
    expect(event.data.trigger_id).toBe("ti_1");
  });

  it("header names in any case, and values given as arrays (as Node may hand them)", () => {
    const { headers, body } = signedDelivery(secret, eventBody);
    const mixed = {
      "Webhook-Id": [headers["webhook-id"]],
      "WEBHOOK-TIMESTAMP": headers["webhook-timestamp"],
      "Webhook-Signature": ["v1,bm90IHRoaXMgb25l", headers["webhook-signature"]],
    };
    expect(verifyWebhook({ body, headers: mixed, secret }).type).toBe("github_star_added_event");
  });

  it("several signatures in the header when one of them is valid (a secret rotation)", () => {
    const delivery = signedDelivery(secret, eventBody);
    const valid = delivery.headers["webhook-signature"];
    const other = `v1,${sign("the-old-secret", "msg_2xYz", delivery.headers["webhook-timestamp"], eventBody)}`;
    const headers = { ...delivery.headers, "webhook-signature": `${other} v1a,c2lnbmVk  ${valid}` };
    expect(verifyWebhook({ body: eventBody, headers, secret }).data.connection_id).toBe("ca_1");
  });

  it("any age within the tolerance, which may exceed Standard Webhooks' 5 minutes", () => {
    const tenMinutesAgo = signedDelivery(secret, eventBody, { timestamp: nowSeconds() - 600 });
    expect(refusal(tenMinutesAgo)).toBe("stale");
    expect(verifyWebhook({ ...tenMinutesAgo, secret, toleranceSeconds: 900 }).type).toBe(
      "github_star_added_event",
    );
    const recent = signedDelivery(secret, eventBody, { timestamp: nowSeconds() - 200 });
    expect(verifyWebhook({ ...recent, secret }).log_id).toBe("log_1");
  });

  it("a payload whose `__proto__` key is dropped, never becoming the event's prototype", () => {
    const raw =
      '{"type":"t","data":{"connection_id":"ca_1","trigger_id":"ti_1","__proto__":{"isAdmin":true}}}';
    const event = verifyWebhook({ ...signedDelivery(secret, raw), secret });
    expect(Object.keys(event.data)).toEqual(["connection_id", "trigger_id"]);
    expect((event.data as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("what the Standard Webhooks reference library signs, and the library accepts what the test signs", () => {
    const headers = librarySigned(eventBody);
    expect(verifyWebhook({ body: eventBody, headers, secret }).data.trigger_id).toBe("ti_1");
    const ours = signedDelivery(secret, eventBody);
    expect(library.verify(ours.body, ours.headers)).toEqual(JSON.parse(eventBody));
  });
});

describe("verifyWebhook refuses", () => {
  const withHeader = (name: string, value: (old: string) => string) => (): Delivery => {
    const delivery = signedDelivery(secret, eventBody);
    return { ...delivery, headers: { ...delivery.headers, [name]: value(delivery.headers[name]) } };
  };
  const cases: {
    name: string;
    delivery: () => Delivery;
    reason: WebhookVerificationReason;
    toleranceSeconds?: number;
  }[] = [
    {
      name: "a tampered body",
      delivery: () => ({ ...signedDelivery(secret, eventBody), body: eventBody.replace("42", "43") }),
      reason: "bad-signature",
    },
    {
      name: "a wrong secret",
      delivery: () => signedDelivery("another-secret", eventBody),
      reason: "bad-signature",
    },
    {
      name: "a signature of another id",
      delivery: withHeader("webhook-id", () => "msg_other"),
      reason: "bad-signature",
    },
    {
      name: "only signatures of other versions",
      delivery: withHeader("webhook-signature", (old) => old.replace("v1,", "v2,")),
      reason: "bad-signature",
    },
    {
      name: "a stale timestamp",
      delivery: () => signedDelivery(secret, eventBody, { timestamp: nowSeconds() - 310 }),
      reason: "stale",
    },
    {
      name: "an age beyond a smaller tolerance",
      delivery: () => signedDelivery(secret, eventBody, { timestamp: nowSeconds() - 60 }),
      reason: "stale",
      toleranceSeconds: 30,
    },
    {
      name: "a future timestamp",
      delivery: () => signedDelivery(secret, eventBody, { timestamp: nowSeconds() + 310 }),
      reason: "future",
    },
    {
      name: "a correctly signed body that is not JSON",
      delivery: () => signedDelivery(secret, "octo/hello"),
      reason: "bad-body",
    },
    {
      name: "a correctly signed JSON that is not an event",
      delivery: () =>
        signedDelivery(secret, JSON.stringify({ type: "x", data: { connection_id: "octo/hello" } })),
      reason: "bad-body",
    },
  ];

  it.each(cases)("$name", ({ delivery, reason, toleranceSeconds }) => {
    expect(refusal(delivery(), { toleranceSeconds })).toBe(reason);
  });

  it.each(["webhook-id", "webhook-timestamp", "webhook-signature"])("a delivery without %s", (name) => {
    const delivery = signedDelivery(secret, eventBody);
    const { [name]: _dropped, ...rest } = delivery.headers;
    expect(refusal({ body: eventBody, headers: rest })).toBe("missing-header");
    expect(refusal({ body: eventBody, headers: { ...rest, [name]: " " } })).toBe("missing-header");
  });

  it("a webhook-id given twice with different values (ambiguous)", () => {
    const { headers } = signedDelivery(secret, eventBody);
    const twice = { ...headers, "Webhook-Id": "msg_other" };
    expect(refusal({ body: eventBody, headers: twice })).toBe("missing-header");
  });

  it.each(["soon", "1.7e9", "-5", "1700000000.5", "0x6553f100"])("a webhook-timestamp of %s", (timestamp) => {
    const { headers } = signedDelivery(secret, eventBody);
    expect(refusal({ body: eventBody, headers: { ...headers, "webhook-timestamp": timestamp } })).toBe(
      "bad-timestamp",
    );
  });

  it("two different non-UTF-8 bodies under one signature (which the reference library accepts)", () => {
    const signedBody = Buffer.from([0x7b, 0xff, 0x7d]);
    const otherBody = Buffer.from([0x7b, 0xfe, 0x7d]);
    const delivery = signedDelivery(secret, signedBody);
    expect(refusal({ ...delivery, body: otherBody })).toBe("bad-signature");
    // Why verifyWebhook does not delegate to the library: it decodes both bodies to the same text.
    const headers = librarySigned(signedBody);
    expect(() => library.verify(otherBody, headers, { jsonParse: false })).not.toThrow();
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an empty secret", { secret: "" }, "`secret` must be a non-empty string"],
    ["a negative tolerance", { toleranceSeconds: -1 }, "`toleranceSeconds` must be a finite number"],
    ["a parsed body", { body: JSON.parse(eventBody) }, "`body` must be the raw body"],
  ])("%s, as a TypeError naming the argument", (_case, override, message) => {
    const args = { ...signedDelivery(secret, eventBody), secret, ...override };
    expect(() => verifyWebhook(args as Parameters<typeof verifyWebhook>[0])).toThrow(TypeError);
    expect(() => verifyWebhook(args as Parameters<typeof verifyWebhook>[0])).toThrow(message);
  });
});
