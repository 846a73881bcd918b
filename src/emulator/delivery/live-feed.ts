/** `--fire-every <seconds>`: fires every enabled trigger instance of every tenant on a fixed period. */
import type { TenantStore } from "../store";
import type { WebhookDeliveries } from "./deliveries";

/** Starts the feed; the returned function stops it. */
export function startLiveFeed(
  tenants: readonly TenantStore[],
  deliveries: WebhookDeliveries,
  everySeconds: number,
): () => void {
  const timer = setInterval(() => {
    for (const tenant of tenants) {
      for (const instance of tenant.listActiveTriggers()) {
        if (instance.disabledAt === null) deliveries.fire(tenant, instance);
      }
    }
  }, everySeconds * 1000);
  return () => clearInterval(timer);
}
