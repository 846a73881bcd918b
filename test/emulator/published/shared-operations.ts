import { OPERATIONS, openApiPath } from "../../../src/emulator/openapi";

/**
 * The operations the emulator shares with the service's published document (method, OpenAPI path): every
 * /api/v1 operation it serves (the rest are its own: /_emulator, /openapi.json).
 */
export const SHARED_OPERATIONS: { method: string; path: string }[] = OPERATIONS.filter((operation) =>
  operation.route.startsWith("/api/v1/"),
).map((operation) => ({ method: operation.method, path: openApiPath(operation.route) }));
