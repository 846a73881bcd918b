import fc from "fast-check";
import { verifyWebhook, WebhookVerificationError } from "../../src";
import { signedDelivery } from "./signed-delivery";

/** Properties of verifyWebhook over any secret, id and body, signed independently with node:crypto. */

const anySecret = fc.string({ unit: "binary", minLength: 1, maxLength: 64 });
const anyId = fc.stringMatching(/^msg_[A-Za-z0-9]{1,24}$/);

const anyEvent = fc.record({
  type: fc.string({ maxLength: 40 }),
  timestamp: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  log_id: fc.uuid(),
  data: fc
    .dictionary(
      // A `__proto__` key is dropped on parsing (see the example tests), so it is not round-tripped here.
      fc.string({ unit: "binary", maxLength: 12 }).filter((key) => key !== "__proto__"),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 5 },
    )
    .chain((payload) =>
      fc.record({ connection_id: fc.uuid(), trigger_id: fc.uuid() }).map((ids) => ({ ...payload, ...ids })),
    ),
});

/** The body with one byte changed (to any other value). */
const withOneByteChanged = (body: Buffer, at: number, delta: number): Buffer => {
  const changed = Buffer.from(body);
  const index = at % changed.length;
  changed[index] = (changed[index] + delta) % 256;
  return changed;
};

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
}

describe("verifyWebhook properties", () => {
  it("any event signed with any secret verifies, as a string or a Buffer, to the same event", () => {
    fc.assert(
      fc.property(anySecret, anyId, anyEvent, fc.boolean(), (secret, id, event, asBuffer) => {
        const text = JSON.stringify(event);
        const body = asBuffer ? Buffer.from(text) : text;
        const verified = verifyWebhook({ ...signedDelivery(secret, body, { id }), secret });
        expect(verified).toEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
  });

  it("any one-byte change of any signed body fails the signature check", () => {
    fc.assert(
      fc.property(
        anySecret,
        fc.uint8Array({ minLength: 1, maxLength: 256 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (secret, bytes, at, delta) => {
          const body = Buffer.from(bytes);
          const delivery = signedDelivery(secret, body);
          // The original passes the signature (its bytes need not be an event: bad-body is fine).
          expect(reasonOf(() => verifyWebhook({ ...delivery, secret }))).not.toBe("bad-signature");
          const tampered = { ...delivery, body: withOneByteChanged(body, at, delta) };
          expect(reasonOf(() => verifyWebhook({ ...tampered, secret }))).toBe("bad-signature");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a signature made with any other secret fails", () => {
    fc.assert(
      fc.property(anySecret, anySecret, anyEvent, (secret, other, event) => {
        // HMAC pads a short key with zero bytes, so "k" and "k\0" are one key (RFC 2104, section 2).
        const withoutTrailingZeros = (key: string) => key.replace(/\0+$/, "");
        fc.pre(withoutTrailingZeros(secret) !== withoutTrailingZeros(other));
        const delivery = signedDelivery(other, JSON.stringify(event));
        expect(reasonOf(() => verifyWebhook({ ...delivery, secret }))).toBe("bad-signature");
      }),
      { numRuns: 200 },
    );
  });
});
