import { createHmac } from "node:crypto";

/**
 * A delivery signed the way the contract describes, computed here with node:crypto alone (independent of
 * the code under test and of any Standard Webhooks library): base64 HMAC-SHA256 keyed with the secret's
 * UTF-8 bytes over `<id>.<timestamp>.<raw body bytes>`.
 */
export function sign(secret: string, id: string, timestamp: number | string, body: string | Buffer): string {
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, "utf8"), Buffer.from(body)]);
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(content).digest("base64");
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface Delivery {
  body: string | Buffer;
  headers: Record<string, string>;
}

export function signedDelivery(
  secret: string,
  body: string | Buffer,
  { id = "msg_2xYz", timestamp = nowSeconds() }: { id?: string; timestamp?: number } = {},
): Delivery {
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": `v1,${sign(secret, id, timestamp, body)}`,
    },
  };
}

/** An event in the service's V2 shape, as the emulator delivers it. */
export const eventBody = JSON.stringify({
  type: "github_star_added_event",
  timestamp: "2026-11-23T10:00:00.000Z",
  log_id: "log_1",
  data: { repository: "octo/hello", stars: 42, connection_id: "ca_1", trigger_id: "ti_1" },
});
