/** POST and GET /api/v1/connectedAccounts: connections made from a connector. */
import type { FastifyInstance } from "fastify";
import { tenantOf, type EmulatorContext } from "../context";
import { badRequest, notFound } from "../errors";
import { paginate } from "../pagination";
import { createConnectedAccountBody, listConnectedAccountsQuery, parseInput } from "../schemas";
import { newId, now } from "../store";
import { connectedAccountView } from "../views";

export function registerConnectedAccountRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.post("/api/v1/connectedAccounts", async (request) => {
    const body = parseInput(createConnectedAccountBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const integration = tenant.getIntegration(body.integrationId);
    if (!integration) throw notFound(`Integration ${body.integrationId} not found`);
    if (integration.deleted) throw badRequest(`Integration ${integration.id} is deleted`);
    if (!integration.enabled) throw badRequest(`Integration ${integration.id} is disabled`);
    const at = now();
    const account = tenant.addConnectedAccount({
      id: newId(),
      integrationId: integration.id,
      appId: integration.appId,
      appName: integration.appName,
      status: "ACTIVE",
      data: body.data,
      createdAt: at,
      updatedAt: at,
    });
    return { connectionStatus: account.status, connectedAccountId: account.id };
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
      items: result.items.map((account) =>
        connectedAccountView(
          context.catalog,
          account,
          tenant.getIntegration(account.integrationId),
          tenant.clientId,
        ),
      ),
      totalPages: result.totalPages,
      page: result.page,
    };
  });
}
