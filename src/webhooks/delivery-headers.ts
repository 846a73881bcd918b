import { WebhookVerificationError } from "./webhook-verification-error";

/** Headers as Node hands them (`IncomingHttpHeaders`) or any record: names in any case. */
export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The three Standard Webhooks headers of a delivery. */
export interface DeliveryHeaders {
  id: string;
  timestamp: string;
  /** Space-separated `<version>,<base64 signature>` entries. */
  signature: string;
}

/**
 * Reads the three headers, whatever the case of their names. `webhook-signature` given several times
 * counts as one space-separated list (a sender or proxy may split it); `webhook-id` or
 * `webhook-timestamp` with two different values is ambiguous, so refused rather than guessed.
 */
export function deliveryHeaders(headers: WebhookHeaders): DeliveryHeaders {
  const signatures = valuesOf(headers, "webhook-signature").join(" ").trim();
  if (signatures === "") throw missing("webhook-signature");
  return {
    id: single(headers, "webhook-id"),
    timestamp: single(headers, "webhook-timestamp"),
    signature: signatures,
  };
}

function single(headers: WebhookHeaders, name: string): string {
  const distinct = [...new Set(valuesOf(headers, name).map((value) => value.trim()))].filter(
    (value) => value !== "",
  );
  if (distinct.length === 0) throw missing(name);
  if (distinct.length > 1) {
    throw new WebhookVerificationError(
      "missing-header",
      `header ${name} has ${distinct.length} different values; exactly one is needed`,
    );
  }
  return distinct[0];
}

function valuesOf(headers: WebhookHeaders, name: string): string[] {
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => (value === undefined ? [] : typeof value === "string" ? [value] : [...value]));
}

function missing(name: string): WebhookVerificationError {
  return new WebhookVerificationError("missing-header", `header ${name} is missing or empty`);
}
