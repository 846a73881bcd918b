/** What every route module gets: the catalog, the store, the fault controller, the request log, the deliveries. */
import type { FastifyRequest } from "fastify";
import type { CatalogIndex } from "./catalog-index";
import type { ServerClock } from "./clock";
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
  /** Where every timestamp the emulator writes comes from (clock.ts). */
  clock: ServerClock;
}

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Index of the caller's API key in apiKeys (not of its account: keys of one account share a store,
     * but each has its own faults and request log); null before authentication or on open routes.
     */
    tenant: number | null;
    faultDecision: FaultDecision | null;
    /** The raw JSON body as received ("" or null when none), kept to apply the request again (lateCommit). */
    rawBody: string | null;
    /** A late commit being applied (server.ts): no faults, not in the request log. */
    lateCommitReplay: boolean;
  }
  interface FastifyContextConfig {
    /** Marks the routes that only answer 405 (no faults there). */
    methodNotAllowed?: boolean;
  }
}

/** The index of the caller's API key; only for routes behind the API-key check. */
export function callerOf(request: FastifyRequest): number {
  if (request.tenant === null) throw new Error(`${request.url} was reached without an API key`);
  return request.tenant;
}

/** The store of the caller's account (shared by its keys); only for routes behind the API-key check. */
export function tenantOf(context: EmulatorContext, request: FastifyRequest): TenantStore {
  return context.store.tenant(callerOf(request));
}

/** The server's time for the caller's key (its clockOffsetMs applied): every timestamp a route writes. */
export function nowOf(context: EmulatorContext, request: FastifyRequest): string {
  return context.clock.now(callerOf(request));
}
