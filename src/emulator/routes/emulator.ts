/** Test-only routes under /_emulator: health, fault settings, the request log and firing a trigger instance. */
import type { FastifyInstance } from "fastify";
import { callerOf, tenantOf, type EmulatorContext } from "../context";
import { badRequest } from "../errors";
import { fireTriggerBody, parseInput, triggerInstanceParams } from "../schemas";
import { existingActiveTrigger } from "./existing";

export function registerEmulatorRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get("/_emulator/health", async () => ({ status: "ok" }));

  // Each key sees and changes only its own tenant's faults (the operator's apply until it sets its own).
  app.get("/_emulator/faults", async (request) => context.faults.get(callerOf(request)));
  app.put("/_emulator/faults", async (request) => context.faults.set(request.body ?? {}, callerOf(request)));
  app.delete("/_emulator/faults", async (request) => context.faults.clear(callerOf(request)));

  app.get("/_emulator/requests", async (request) => ({
    entries: context.requestLog.entriesOf(callerOf(request)),
  }));
  app.delete("/_emulator/requests", async (request, reply) => {
    context.requestLog.clearTenant(callerOf(request));
    return reply.code(204).send();
  });

  /** Delivers the event to the callback URL in the background; the answer says where to find its log. */
  app.post("/_emulator/trigger-instances/:id/fire", async (request) => {
    const { id } = parseInput(triggerInstanceParams, request.params, "path");
    const body = parseInput(fireTriggerBody, request.body, "body");
    const tenant = tenantOf(context, request);
    const instance = existingActiveTrigger(tenant, id);
    if (instance.disabledAt !== null) throw badRequest(`Trigger instance ${id} is disabled`);
    return context.deliveries.fire(tenant, instance, body?.payload, callerOf(request));
  });
}
