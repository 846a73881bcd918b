/** Why a delivery was refused. */
export type WebhookVerificationReason =
  /** `webhook-id`, `webhook-timestamp` or `webhook-signature` is absent, empty or ambiguous. */
  | "missing-header"
  /** `webhook-timestamp` is not whole unix seconds. */
  | "bad-timestamp"
  /** Signed longer ago than the tolerance: possibly a replay. */
  | "stale"
  /** Signed further in the future than the tolerance. */
  | "future"
  /** No `v1` signature in `webhook-signature` matches the body, id and timestamp under the secret. */
  | "bad-signature"
  /** Correctly signed, but not the JSON of an event. */
  | "bad-body";

/**
 * A delivery that `verifyWebhook` refused. The message says why in words built from fixed text and
 * numbers only: never the secret, the body or a header's value (answer the sender 4xx with it freely).
 */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, detail: string) {
    super(`webhook verification failed (${reason}): ${detail}`);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}
