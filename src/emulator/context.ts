/** What every route module gets: the catalog, the store, the fault controller, the request log, the deliveries. */
import type { FastifyRequest } from "fastify";
import type { CatalogIndex } from "./catalog-index";
import type { WebhookDeliveries } from "./delivery/deliveries";
import type { FaultController, FaultDecision } from "./faults";
import type { InMemoryRequestLog } from "./request-log";
import type { SecretValueMode } from "./secret-values";
import type { Store, TenantStore } from "./store";

export interface EmulatorContext {
  catalog: CatalogIndex;
  store: Store;
  faults: FaultController;
  requestLog: InMemoryRequestLog;
  apiKeys: readonly string[];
  /** Store authConfig as real servers do (a default key added, values normalised). */
  normaliseAuthConfig: boolean;
  /** How reads show secret authConfig values (secret-values.ts). */
  secretValues: SecretValueMode;
  /** Fired events on their way to the callback URLs. */
  deliveries: WebhookDeliveries;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Index of the caller's API key; null before authentication or on open routes. */
    tenant: number | null;
    faultDecision: FaultDecision | null;
  }
  interface FastifyContextConfig {
    /** Marks the routes that only answer 405 (no faults there). */
    methodNotAllowed?: boolean;
  }
}

/** The caller's tenant index; only for routes behind the API-key check. */
export function callerOf(request: FastifyRequest): number {
  if (request.tenant === null) throw new Error(`${request.url} was reached without an API key`);
  return request.tenant;
}

/** The caller's tenant; only for routes behind the API-key check. */
export function tenantOf(context: EmulatorContext, request: FastifyRequest): TenantStore {
  return context.store.tenant(callerOf(request));
}
