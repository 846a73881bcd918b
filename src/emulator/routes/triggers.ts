/** GET /api/v1/triggers (the catalog's triggers, filtered) and POST /api/v1/triggers/enable/... (upsert) */
import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import { nowOf, tenantOf, type EmulatorContext } from "../context";
import { badRequest, notFound } from "../errors";
import { enableTriggerBody, enableTriggerParams, listTriggersQuery, parseInput } from "../schemas";
import { newId, type TenantStore } from "../store";
import { TriggerConfigValidator } from "../trigger-config-validation";
import { existingConnectedAccount } from "./existing";

export function registerTriggerRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const { catalog } = context;
  const configValidator = new TriggerConfigValidator();

  /** The app names of the given connected accounts / integrations of this tenant (unknown ids add none). */
  function appsOfAccounts(tenant: TenantStore, ids: string[]): Set<string> {
    return new Set(ids.flatMap((id) => tenant.getConnectedAccount(id)?.appName ?? []));
  }
  function appsOfIntegrations(tenant: TenantStore, ids: string[]): Set<string> {
    return new Set(ids.flatMap((id) => tenant.getIntegration(id)?.appName ?? []));
  }

  app.get("/api/v1/triggers", async (request) => {
    const query = parseInput(listTriggersQuery, request.query, "query");
    return catalogAnswer(tenantOf(context, request), query);
  });

  function catalogAnswer(tenant: TenantStore, query: ReturnType<typeof listTriggersQuery.parse>) {
    const appNames = query.appNames?.length
      ? new Set(query.appNames.map((name) => catalog.appByName(name)?.name ?? name))
      : undefined;
    const names = query.triggerIds?.length ? new Set(query.triggerIds) : undefined;
    const accountApps = query.connectedAccountIds?.length
      ? appsOfAccounts(tenant, query.connectedAccountIds)
      : undefined;
    const integrationApps = query.integrationIds?.length
      ? appsOfIntegrations(tenant, query.integrationIds)
      : undefined;
    const counts = tenant.logCountsByTrigger();
    return catalog.triggers
      .filter((trigger) => !appNames || appNames.has(trigger.appName))
      .filter((trigger) => !names || names.has(trigger.name))
      .filter((trigger) => !accountApps || accountApps.has(trigger.appName))
      .filter((trigger) => !integrationApps || integrationApps.has(trigger.appName))
      .filter((trigger) => !query.showEnabledOnly || trigger.enabled)
      .map((trigger) => ({ ...trigger, count: counts.get(trigger.name) ?? 0 }));
  }

  /**
   * An upsert, as the service's: an instance of the same account, trigger and config is updated (and
   * enabled again) rather than doubled; `isNew` says which happened.
   */
  app.post("/api/v1/triggers/enable/:connectedAccountId/:triggerName", async (request) => {
    const { connectedAccountId, triggerName } = parseInput(enableTriggerParams, request.params, "path");
    const body = parseInput(enableTriggerBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const account = existingConnectedAccount(tenant, connectedAccountId);
    const trigger = catalog.trigger(triggerName);
    if (!trigger) throw notFound(`Trigger ${triggerName} not found`);
    if (trigger.appName !== account.appName) {
      throw badRequest(`Trigger ${triggerName} belongs to ${trigger.appName}, not to ${account.appName}`);
    }
    const { triggerConfig } = body;
    const issues = configValidator.issues(trigger, triggerConfig);
    if (issues.length > 0) {
      const listed = issues.map((issue) => `${issue.path} ${issue.message} (${issue.rule})`).join("; ");
      throw badRequest(`Invalid triggerConfig for ${trigger.name}: ${listed}`, { issues });
    }
    const same = tenant
      .listActiveTriggers()
      .find(
        (instance) =>
          instance.connectionId === account.id &&
          instance.triggerName === trigger.name &&
          isDeepStrictEqual(instance.triggerConfig, triggerConfig),
      );
    if (same) {
      tenant.updateActiveTrigger(
        same.id,
        { disabledAt: null, disabledReason: null },
        nowOf(context, request),
      );
      return { status: "success", triggerId: same.id, isNew: false };
    }
    const at = nowOf(context, request);
    const instance = tenant.addActiveTrigger({
      id: newId(),
      connectionId: account.id,
      triggerName: trigger.name,
      triggerConfig,
      state: {},
      disabledReason: null,
      createdAt: at,
      updatedAt: at,
      disabledAt: null,
    });
    return { status: "success", triggerId: instance.id, isNew: true };
  });
}
