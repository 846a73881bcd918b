/**
 * /api/v1/connectedAccounts: connections made from a connector. Credentials given in `data` are stored
 * (the emulator needs nothing of them, a real service calls the app with them) and never sent back.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { nowOf, tenantOf, type EmulatorContext } from "../context";
import { badRequest, notFound } from "../errors";
import { paginate } from "../pagination";
import type { IntegrationRecord } from "../records";
import {
  connectedAccountIdParams,
  createConnectedAccountBody,
  listConnectedAccountsQuery,
  parseInput,
} from "../schemas";
import { newId } from "../store";
import { connectedAccountDetailView, connectedAccountView } from "../views";
import { existingConnectedAccount } from "./existing";

/** Schemes whose connection a person completes in a browser: the account starts INITIATED. */
const isBrowserScheme = (authScheme: string): boolean => authScheme.startsWith("OAUTH");

export function registerConnectedAccountRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.post("/api/v1/connectedAccounts", async (request) => {
    const body = parseInput(createConnectedAccountBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const integration = tenant.getIntegration(body.integrationId);
    if (!integration) throw notFound(`Integration ${body.integrationId} not found`);
    if (integration.deleted) throw badRequest(`Integration ${integration.id} is deleted`);
    if (!integration.enabled) throw badRequest(`Integration ${integration.id} is disabled`);
    // Every scheme's per-account fields are needed, an OAuth one's too (a Shopify account's `shop`):
    // the sign-in only replaces the credential, not which site it is for.
    requireInputFields(integration, body.data);
    const browser = isBrowserScheme(integration.authScheme);
    const at = nowOf(context, request);
    const account = tenant.addConnectedAccount({
      id: newId(),
      integrationId: integration.id,
      appId: integration.appId,
      appName: integration.appName,
      status: browser ? "INITIATED" : "ACTIVE",
      data: body.data,
      labels: body.labels ?? [],
      entityId: body.entityId ?? "default",
      createdAt: at,
      updatedAt: at,
    });
    return {
      connectionStatus: account.status,
      connectedAccountId: account.id,
      ...(browser && { redirectUrl: authorizeUrl(request, account.id, body.redirectUri) }),
    };
  });

  app.get("/api/v1/connectedAccounts", async (request) => {
    const query = parseInput(listConnectedAccountsQuery, request.query, "query");
    const tenant = tenantOf(context, request);
    const matching = tenant
      .listConnectedAccounts()
      .filter(
        (account) => query.integrationId === undefined || account.integrationId === query.integrationId,
      );
    const result = paginate(matching, query.page, query.pageSize);
    return {
      items: result.items.map((account) => connectedAccountView(account, tenant.clientId)),
      totalPages: result.totalPages,
      page: result.page,
    };
  });

  app.get("/api/v1/connectedAccounts/:connectedAccountId", async (request) => {
    const { connectedAccountId } = parseInput(connectedAccountIdParams, request.params, "path");
    const tenant = tenantOf(context, request);
    return connectedAccountDetailView(existingConnectedAccount(tenant, connectedAccountId), tenant.clientId);
  });

  /** Removes the account and its trigger instances (the service does not keep instances of a gone account). */
  app.delete("/api/v1/connectedAccounts/:connectedAccountId", async (request) => {
    const { connectedAccountId } = parseInput(connectedAccountIdParams, request.params, "path");
    const tenant = tenantOf(context, request);
    existingConnectedAccount(tenant, connectedAccountId);
    tenant.removeConnectedAccount(connectedAccountId);
    return { status: "success", count: 1 };
  });
}

/** A 400 naming every required connection field `data` lacks (an empty string counts as missing). */
function requireInputFields(integration: IntegrationRecord, data: Record<string, unknown>): void {
  const missing = integration.expectedInputFields
    .filter((field) => field.required && field.expected_from_customer)
    .map((field) => field.name)
    .filter((name) => data[name] === undefined || data[name] === null || data[name] === "");
  if (missing.length === 0) return;
  const issues = missing.map((name) => ({
    path: `data.${name}`,
    message: `is required by the connector (${integration.authScheme})`,
  }));
  throw badRequest(
    `data is missing required connection fields of ${integration.authScheme}: ${missing.map((name) => `data.${name}`).join(", ")}`,
    { issues },
  );
}

/**
 * Where a person would complete the OAuth flow. The emulator cannot talk to the app's OAuth server: the
 * URL names the account and the return address for the record, and the account stays INITIATED.
 */
function authorizeUrl(request: FastifyRequest, accountId: string, redirectUri: string | undefined): string {
  const url = new URL(`${request.protocol}://${request.host}/_emulator/oauth/authorize`);
  url.searchParams.set("connectedAccountId", accountId);
  if (redirectUri !== undefined) url.searchParams.set("redirectUri", redirectUri);
  return url.toString();
}
