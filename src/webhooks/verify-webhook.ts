import { deliveryHeaders, type WebhookHeaders } from "./delivery-headers";
import { anySignatureMatches, signatureOf } from "./signature";
import { webhookEventSchema, type WebhookEvent } from "./webhook-event";
import { WebhookVerificationError } from "./webhook-verification-error";

/** Standard Webhooks' recommended tolerance (its libraries use the same 5 minutes). */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface VerifyWebhookArgs {
  /** The raw request body, exactly as received (before any JSON parsing). */
  body: string | Buffer;
  /** The request's headers, e.g. `request.headers` of a Node server; names in any case. */
  headers: WebhookHeaders;
  /** The tenant's `webhookSecret` (the `TriggerWebhook`'s secret output). */
  secret: string;
  /** How far `webhook-timestamp` may be from now, either way (default 300). */
  toleranceSeconds?: number;
}

/**
 * Checks a delivery's headers, age and signature, in that order, and only then parses its body: an
 * unauthenticated body is never parsed. Returns the event, or throws `WebhookVerificationError` with a
 * `reason`. The same delivery may arrive more than once (the sender retries until it gets a 2xx, with the
 * same `webhook-id`): drop repeats by that id.
 *
 * Written on `node:crypto` rather than the `standardwebhooks` package, which cannot honour this contract:
 * its tolerance is fixed at 5 minutes, it decodes a Buffer body as UTF-8 before signing (two different
 * non-UTF-8 bodies then verify under one signature), and its "raw" string key takes each UTF-16 code unit
 * as one byte (not the UTF-8 bytes the sender keys with). The tests check that both agree where the
 * package is exact.
 */
export function verifyWebhook(args: VerifyWebhookArgs): WebhookEvent {
  const { body, headers, secret } = args;
  const tolerance = args.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  checkArguments(body, secret, tolerance);
  const delivery = deliveryHeaders(headers);
  checkAge(delivery.timestamp, tolerance);
  const expected = signatureOf(secret, delivery.id, delivery.timestamp, body);
  if (!anySignatureMatches(delivery.signature, expected)) {
    throw new WebhookVerificationError(
      "bad-signature",
      "no v1 signature in webhook-signature matches the body under this secret",
    );
  }
  return parseEvent(body);
}

/** Programming errors, not bad deliveries: a TypeError naming the argument. */
function checkArguments(body: unknown, secret: unknown, tolerance: unknown): void {
  if (typeof body !== "string" && !Buffer.isBuffer(body)) {
    throw new TypeError("verifyWebhook: `body` must be the raw body as a string or a Buffer");
  }
  if (typeof secret !== "string" || secret === "") {
    throw new TypeError("verifyWebhook: `secret` must be a non-empty string");
  }
  if (typeof tolerance !== "number" || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError("verifyWebhook: `toleranceSeconds` must be a finite number of seconds, 0 or more");
  }
}

function checkAge(timestamp: string, tolerance: number): void {
  if (!/^\d{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError("bad-timestamp", "header webhook-timestamp is not whole unix seconds");
  }
  const ageSeconds = Math.floor(Date.now() / 1000) - Number(timestamp);
  if (ageSeconds > tolerance) {
    throw new WebhookVerificationError(
      "stale",
      `signed ${ageSeconds} s ago, longer than the ${tolerance} s tolerance (a late retry or a replay)`,
    );
  }
  if (-ageSeconds > tolerance) {
    throw new WebhookVerificationError(
      "future",
      `signed ${-ageSeconds} s in the future, more than the ${tolerance} s tolerance (check the clocks)`,
    );
  }
}

function parseEvent(body: string | Buffer): WebhookEvent {
  let json: unknown;
  try {
    json = JSON.parse(typeof body === "string" ? body : body.toString("utf8"));
  } catch {
    throw new WebhookVerificationError("bad-body", "the body is not JSON");
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) {
    // Paths only: a value could be part of the payload.
    const fields = parsed.error.issues.map((issue) => issue.path.join(".") || "(the body)");
    throw new WebhookVerificationError("bad-body", `not an event: ${fields.join(", ")} missing or mistyped`);
  }
  return parsed.data;
}
