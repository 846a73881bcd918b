/**
 * A tiny webhook receiver: checks each delivery's signature and age with verifyWebhook, prints the
 * event, and answers 204 (or 401 to a delivery that fails the check).
 *
 *   WEBHOOK_SECRET=$(pulumi stack output webhookSecret --show-secrets) PORT=4020 npx ts-node receiver.ts
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from "pulumi-integrations";

export interface Delivery {
  /** `webhook-id`: the same on every retry of one event, so a consumer can drop repeats. */
  id: string;
  event: WebhookEvent;
}

export interface ReceiverOptions {
  port: number;
  /** Read per delivery, so a receiver can start before the stack has made the secret. */
  secret: () => string | undefined;
  onDelivery: (delivery: Delivery) => void;
  onRejected?: (reason: string) => void;
}

export function startReceiver(options: ReceiverOptions): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const secret = options.secret();
      try {
        if (secret === undefined) throw new Error("no webhook secret yet");
        const event = verifyWebhook({ body: Buffer.concat(chunks), headers: request.headers, secret });
        options.onDelivery({ id: String(request.headers["webhook-id"]), event });
        response.writeHead(204).end();
      } catch (error) {
        const reason = error instanceof WebhookVerificationError ? error.reason : String(error);
        options.onRejected?.(reason);
        response.writeHead(401).end();
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(options.port, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/events`, server });
    });
  });
}

if (require.main === module) {
  const seen = new Set<string>();
  void startReceiver({
    port: Number(process.env.PORT ?? 4020),
    secret: () => process.env.WEBHOOK_SECRET,
    onDelivery: ({ id, event }) => {
      if (seen.has(id)) return;
      seen.add(id);
      console.log(`${event.type} (delivery ${id}):`, JSON.stringify(event.data));
    },
    onRejected: (reason) => console.error(`rejected a delivery: ${reason}`),
  }).then(({ url }) => console.log(`Receiving on ${url}`));
}
