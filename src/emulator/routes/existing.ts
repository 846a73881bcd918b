/** The records a route names by id, or the 404 every route answers alike when the tenant has none. */
import { notFound } from "../errors";
import type { ActiveTriggerRecord, ConnectedAccountRecord } from "../records";
import type { TenantStore } from "../store";

export function existingActiveTrigger(tenant: TenantStore, id: string): ActiveTriggerRecord {
  const instance = tenant.getActiveTrigger(id);
  if (!instance) throw notFound(`Trigger instance ${id} not found`);
  return instance;
}

export function existingConnectedAccount(tenant: TenantStore, id: string): ConnectedAccountRecord {
  const account = tenant.getConnectedAccount(id);
  if (!account) throw notFound(`Connected account ${id} not found`);
  return account;
}
