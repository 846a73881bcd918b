/** GET /api/v1/apps: the catalog's apps with their auth schemes. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";

export function registerAppRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get("/api/v1/apps", async () => ({ items: context.catalog.apps, totalPages: 1 }));
}
