/** Test-only routes under /_emulator: health, fault settings, the request log and firing a trigger. */
import type { FastifyInstance } from "fastify";
import { tenantOf, type EmulatorContext } from "../context";
import { badRequest, notFound } from "../errors";
import { fireTriggerBody, parseInput, triggerInstanceParams } from "../schemas";
import { newId, now } from "../store";

export function registerEmulatorRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get("/_emulator/health", async () => ({ status: "ok" }));

  app.get("/_emulator/faults", async () => context.faults.get());
  app.put("/_emulator/faults", async (request) => context.faults.set(request.body ?? {}));
  app.delete("/_emulator/faults", async () => context.faults.clear());

  app.get("/_emulator/requests", async (request) => ({
    entries: context.requestLog.entriesOf(request.tenant as number),
  }));
  app.delete("/_emulator/requests", async (request, reply) => {
    context.requestLog.clearTenant(request.tenant as number);
    return reply.code(204).send();
  });

  app.post("/_emulator/trigger-instances/:id/fire", async (request) => {
    const { id } = parseInput(triggerInstanceParams, request.params, "path");
    const body = parseInput(fireTriggerBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const instance = tenant.getActiveTrigger(id);
    if (!instance) throw notFound(`Trigger instance ${id} not found`);
    if (instance.disabledAt !== null) throw badRequest(`Trigger instance ${id} is disabled`);
    const trigger = context.catalog.trigger(instance.triggerName);
    const payload = JSON.stringify(body?.payload ?? trigger?.payload ?? {});
    return tenant.addLog({
      id: newId(),
      clientId: tenant.clientId,
      connectionId: instance.connectionId,
      appKey: trigger?.appKey ?? tenant.getConnectedAccount(instance.connectionId)?.appName ?? "",
      createdAt: now(),
      triggerName: instance.triggerName,
      errorTrigger: null,
      triggerClientError: null,
      triggerClientPayload: payload,
      triggerProviderPayload: payload,
      triggerType: trigger?.type,
    });
  });
}
