/**
 * One event as delivered to a callback URL: the service's V2 body and the Standard Webhooks headers
 * (https://www.standardwebhooks.com), signed with the `standardwebhooks` library, the same one consumers
 * verify with: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the secret string as is
 * (the library's "raw" format; the contract says the secret is not base64-decoded).
 */
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { ActiveTriggerRecord } from "../records";

export interface WebhookEvent {
  /** `webhook-id`: the same on every attempt of this event, so that a consumer can drop repeats. */
  id: string;
  /** The body, serialised once: every attempt sends (and signs) the same bytes. */
  body: string;
}

/** `at`: the event's time, by the server's clock (clock.ts). */
export function buildEvent(
  instance: ActiveTriggerRecord,
  payload: Record<string, unknown>,
  logId: string,
  at: Date = new Date(),
): WebhookEvent {
  const body = {
    type: instance.triggerName.toLowerCase(),
    timestamp: at.toISOString(),
    log_id: logId,
    data: { ...payload, connection_id: instance.connectionId, trigger_id: instance.id },
  };
  return { id: `msg_${randomUUID()}`, body: JSON.stringify(body) };
}

/** The headers of one attempt: signed at the time of sending, as Standard Webhooks senders do. */
export function signedHeaders(
  event: WebhookEvent,
  secret: string,
  at: Date = new Date(),
): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": event.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret, { format: "raw" }).sign(event.id, at, event.body),
  };
}
