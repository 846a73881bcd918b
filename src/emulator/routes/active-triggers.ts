/** GET /api/v1/triggers/active_triggers: this tenant's trigger instances, paginated. */
import type { FastifyInstance } from "fastify";
import { tenantOf, type EmulatorContext } from "../context";
import { pageInfo, paginate } from "../pagination";
import { activeTriggersQuery, parseInput } from "../schemas";

export function registerActiveTriggerRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get("/api/v1/triggers/active_triggers", async (request) => {
    const query = parseInput(activeTriggersQuery, request.query, "query");
    const tenant = tenantOf(context, request);
    const setOf = (list: string[] | undefined) => (list?.length ? new Set(list) : undefined);
    const accounts = setOf(query.connectedAccountIds);
    const integrations = setOf(query.integrationIds);
    const ids = setOf(query.triggerIds);
    const names = setOf(query.triggerNames);
    const matching = tenant
      .listActiveTriggers()
      .filter((instance) => query.showDisabled || instance.disabledAt === null)
      .filter((instance) => !accounts || accounts.has(instance.connectionId))
      .filter((instance) => !ids || ids.has(instance.id))
      .filter((instance) => !names || names.has(instance.triggerName))
      .filter((instance) => {
        if (!integrations) return true;
        const integrationId = tenant.getConnectedAccount(instance.connectionId)?.integrationId;
        return integrationId !== undefined && integrations.has(integrationId);
      });
    const result = paginate(matching, query.page, query.limit);
    // The contract types pageInfo as an array here (and as an object on the logs).
    return { triggers: result.items, pageInfo: [pageInfo(result)] };
  });
}
