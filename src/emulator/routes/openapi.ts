/** GET /openapi.json: the emulator's generated OpenAPI document (no API key needed). */
import type { FastifyInstance } from "fastify";
import { openApiDocument } from "../openapi";

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get("/openapi.json", async () => openApiDocument());
}
