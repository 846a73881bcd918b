/** GET /api/v1/triggers/logs: this tenant's trigger log entries, newest first, paginated. */
import type { FastifyInstance } from "fastify";
import { tenantOf, type EmulatorContext } from "../context";
import { pageInfo, paginate } from "../pagination";
import { parseInput, triggerLogsQuery } from "../schemas";

export function registerTriggerLogRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get("/api/v1/triggers/logs", async (request) => {
    const query = parseInput(triggerLogsQuery, request.query, "query");
    const tenant = tenantOf(context, request);
    const matching = tenant
      .listLogs()
      .filter((log) => query.connectionId === undefined || log.connectionId === query.connectionId)
      .filter(
        (log) =>
          query.integrationId === undefined ||
          tenant.getConnectedAccount(log.connectionId)?.integrationId === query.integrationId,
      );
    const result = paginate(matching, query.page, query.limit);
    return { data: result.items, pageInfo: pageInfo(result) };
  });
}
