/**
 * The account's webhook settings: the callback URL every event is delivered to (set_callback_url,
 * callback_url) and client_info, which shows it with the secret that signs the deliveries, and names the
 * account (`client.id`) and the caller's key. Keys of one account share its settings, as they share its
 * records: the real service keeps the webhook URL on the client (ClientDTO.webhookURL), not on a key.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { bareAccountIdOf } from "../accounts";
import { callerOf, tenantOf, type EmulatorContext } from "../context";
import type { ClientInfoView } from "../response-schemas";
import { parseInput, setCallbackUrlBody } from "../schemas";
import type { TenantStore } from "../store";

/** The emulator has no account history: every tenant's client shows this as its creation and last change. */
const CLIENT_CREATED_AT = "2024-12-01T00:00:00.000Z";

export function registerWebhookRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.post("/api/v1/triggers/set_callback_url", async (request) => {
    const { callbackURL } = parseInput(setCallbackUrlBody, request.body, "body");
    tenantOf(context, request).updateWebhookSettings({ callbackURL });
    return { status: "success" };
  });

  app.get("/api/v1/triggers/callback_url", async (request) => {
    const { callbackURL } = tenantOf(context, request).webhookSettings();
    return { status: "success", ...(callbackURL !== undefined && { callbackURL }) };
  });

  app.get("/api/v1/client/auth/client_info", async (request) => {
    const key = callerOf(request);
    return clientInfo(tenantOf(context, request), context.apiKeys[key] as string, context.clock.now(key));
  });
}

/**
 * `client.id` and `apiKey.clientId` are the account's id (accounts.ts), the same for every key of it;
 * `apiKey.id` is the key's own (derived from the key's hash, as it always was for a bare key).
 */
function clientInfo(tenant: TenantStore, apiKey: string, at: string): ClientInfoView {
  const { callbackURL, secret } = tenant.webhookSettings();
  if (secret === undefined) throw new Error("the tenant has no webhook secret (start.ts makes one)");
  const hashed = (what: string, of: string) =>
    `${what}_${createHash("sha256").update(`${what}:${of}`).digest("hex").slice(0, 16)}`;
  const idOf = (what: string) => hashed(what, tenant.clientId);
  // The key is the caller's own, but a response is often logged: only its last characters are shown.
  const masked = `****${apiKey.length >= 16 ? apiKey.slice(-4) : ""}`;
  return {
    client: {
      autoId: 1,
      id: tenant.clientId,
      name: "Emulator client",
      email: "owner@emulator.invalid",
      createdAt: CLIENT_CREATED_AT,
      updatedAt: CLIENT_CREATED_AT,
      ...(callbackURL !== undefined && { webhookURL: callbackURL }),
      webhookSecret: secret,
      triggersEnabled: true,
      plan: "emulator",
      isNewWebhook: true,
    },
    apiKey: {
      id: hashed("key", bareAccountIdOf(apiKey)),
      name: "emulator key",
      clientId: tenant.clientId,
      memberId: idOf("member"),
      createdAt: CLIENT_CREATED_AT,
      updatedAt: CLIENT_CREATED_AT,
      key: masked,
      member: {
        id: idOf("member"),
        orgId: idOf("org"),
        name: "Emulator owner",
        role: "admin",
        createdAt: CLIENT_CREATED_AT,
        updatedAt: CLIENT_CREATED_AT,
      },
      lastUsed: at,
      apiKey: masked,
    },
  };
}
