/** GET /api/v1/apps: the catalog's apps with their auth schemes, optionally of one category. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { listAppsQuery, parseInput } from "../schemas";
import { appView } from "../views";

export function registerAppRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get("/api/v1/apps", async (request) => {
    const { category } = parseInput(listAppsQuery, request.query, "query");
    const items = context.catalog.apps
      .filter((entry) => category === undefined || entry.categories.includes(category))
      .map(appView);
    return { items, totalPages: 1 };
  });
}
