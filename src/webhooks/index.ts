/** The receiving end of trigger deliveries: check a delivery's signature and age, read its event. */
export { DEFAULT_WEBHOOK_TOLERANCE_SECONDS, verifyWebhook, type VerifyWebhookArgs } from "./verify-webhook";
export type { WebhookHeaders } from "./delivery-headers";
export type { WebhookEvent } from "./webhook-event";
export { WebhookVerificationError, type WebhookVerificationReason } from "./webhook-verification-error";
