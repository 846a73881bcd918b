/**
 * A trigger instance after it is enabled: its status switched, disabled, deleted. (There is no GET by id
 * on the wire: an instance is read through active_triggers?triggerIds=<id>&showDisabled=true.)
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { nowOf, tenantOf, type EmulatorContext } from "../context";
import { parseInput, switchTriggerStatusBody, triggerIdParams, triggerInstanceIdParams } from "../schemas";
import { existingActiveTrigger } from "./existing";

export function registerTriggerInstanceRoutes(app: FastifyInstance, context: EmulatorContext): void {
  function setEnabled(request: FastifyRequest, id: string, enabled: boolean) {
    const tenant = tenantOf(context, request);
    const instance = existingActiveTrigger(tenant, id);
    // Switching to the state it is in changes nothing (its disabledAt keeps the first disabling).
    if ((instance.disabledAt === null) !== enabled) {
      const at = nowOf(context, request);
      tenant.updateActiveTrigger(
        id,
        enabled ? { disabledAt: null, disabledReason: null } : { disabledAt: at },
        at,
      );
    }
    return { status: "success" };
  }

  app.patch("/api/v1/triggers/instance/:triggerId/status", async (request) => {
    const { triggerId } = parseInput(triggerIdParams, request.params, "path");
    const { enabled } = parseInput(switchTriggerStatusBody, request.body, "body");
    return setEnabled(request, triggerId, enabled);
  });

  app.post("/api/v1/triggers/disable/:triggerInstanceId", async (request) => {
    const { triggerInstanceId } = parseInput(triggerInstanceIdParams, request.params, "path");
    return setEnabled(request, triggerInstanceId, false);
  });

  app.delete("/api/v1/triggers/instance/:triggerInstanceId", async (request) => {
    const { triggerInstanceId } = parseInput(triggerInstanceIdParams, request.params, "path");
    const tenant = tenantOf(context, request);
    existingActiveTrigger(tenant, triggerInstanceId);
    tenant.removeActiveTrigger(triggerInstanceId);
    return { status: "success", count: 1 };
  });
}
