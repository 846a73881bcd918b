/**
 * The tenant's webhook settings: the callback URL every event is delivered to (set_callback_url,
 * callback_url) and client_info, which shows it with the secret that signs the deliveries.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
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
    return clientInfo(tenantOf(context, request), context.apiKeys[callerOf(request)] as string);
  });
}

function clientInfo(tenant: TenantStore, apiKey: string): ClientInfoView {
  const { callbackURL, secret } = tenant.webhookSettings();
  if (secret === undefined) throw new Error("the tenant has no webhook secret (start.ts makes one)");
  const idOf = (what: string) =>
    `${what}_${createHash("sha256").update(`${what}:${tenant.clientId}`).digest("hex").slice(0, 16)}`;
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
      id: idOf("key"),
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
      lastUsed: new Date().toISOString(),
      apiKey: masked,
    },
  };
}
