/**
 * The in-memory store: one TenantStore per API key, keyed on disk by a hash of the key (never the key).
 * Every mutation goes through a method here so the persistence layer hears about it.
 */
import { createHash, randomUUID } from "node:crypto";
import {
  emptyTenantState,
  type ActiveTriggerRecord,
  type ConnectedAccountRecord,
  type IntegrationRecord,
  type TenantState,
  type TriggerLogRecord,
} from "./records";

export const newId = (): string => randomUUID();
export const now = (): string => new Date().toISOString();

/** A stable id of a tenant that does not reveal its API key. */
export const tenantIdOf = (apiKey: string): string => createHash("sha256").update(apiKey).digest("hex");

export class TenantStore {
  private readonly integrations = new Map<string, IntegrationRecord>();
  private readonly accounts = new Map<string, ConnectedAccountRecord>();
  private readonly triggers = new Map<string, ActiveTriggerRecord>();
  /** Oldest first, as appended. */
  private readonly logs: TriggerLogRecord[] = [];

  constructor(
    /** The `clientId` of this tenant's trigger logs. */
    readonly clientId: string,
    state: TenantState,
    private readonly changed: () => void,
  ) {
    for (const record of state.integrations) this.integrations.set(record.id, record);
    for (const record of state.connectedAccounts) this.accounts.set(record.id, record);
    for (const record of state.activeTriggers) this.triggers.set(record.id, record);
    this.logs.push(...state.logs);
  }

  state(): TenantState {
    return {
      integrations: [...this.integrations.values()],
      connectedAccounts: [...this.accounts.values()],
      activeTriggers: [...this.triggers.values()],
      logs: [...this.logs],
    };
  }

  listIntegrations(): IntegrationRecord[] {
    return [...this.integrations.values()];
  }

  getIntegration(id: string): IntegrationRecord | undefined {
    return this.integrations.get(id);
  }

  addIntegration(record: IntegrationRecord): IntegrationRecord {
    this.integrations.set(record.id, record);
    this.changed();
    return record;
  }

  updateIntegration(
    id: string,
    changes: Partial<Pick<IntegrationRecord, "authConfig" | "enabled" | "deleted">>,
  ): IntegrationRecord {
    const current = this.integrations.get(id);
    if (!current) throw new Error(`updateIntegration: no record ${id}`);
    const updated = { ...current, ...changes, updatedAt: now() };
    this.integrations.set(id, updated);
    this.changed();
    return updated;
  }

  listConnectedAccounts(): ConnectedAccountRecord[] {
    return [...this.accounts.values()];
  }

  getConnectedAccount(id: string): ConnectedAccountRecord | undefined {
    return this.accounts.get(id);
  }

  addConnectedAccount(record: ConnectedAccountRecord): ConnectedAccountRecord {
    this.accounts.set(record.id, record);
    this.changed();
    return record;
  }

  listActiveTriggers(): ActiveTriggerRecord[] {
    return [...this.triggers.values()];
  }

  getActiveTrigger(id: string): ActiveTriggerRecord | undefined {
    return this.triggers.get(id);
  }

  addActiveTrigger(record: ActiveTriggerRecord): ActiveTriggerRecord {
    this.triggers.set(record.id, record);
    this.changed();
    return record;
  }

  /** Newest first (by createdAt, then by order of arrival). */
  listLogs(): TriggerLogRecord[] {
    return this.logs
      .map((log, index) => ({ log, index }))
      .sort((a, b) =>
        a.log.createdAt === b.log.createdAt ? b.index - a.index : a.log.createdAt < b.log.createdAt ? 1 : -1,
      )
      .map(({ log }) => log);
  }

  /** How many times each trigger fired for this tenant (the `count` of GET /api/v1/triggers). */
  logCountsByTrigger(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const log of this.logs) {
      if (log.triggerName !== null) counts.set(log.triggerName, (counts.get(log.triggerName) ?? 0) + 1);
    }
    return counts;
  }

  addLog(record: TriggerLogRecord): TriggerLogRecord {
    this.logs.push(record);
    this.changed();
    return record;
  }
}

export interface PersistedState {
  version: 1;
  /** Keyed by tenantIdOf(apiKey). */
  tenants: Record<string, TenantState>;
}

export class Store {
  private readonly tenants: TenantStore[];
  private readonly tenantIds: string[];
  /** Data of tenants whose key is not configured in this run: kept so that saving does not drop it. */
  private readonly dormant: Record<string, TenantState>;

  constructor(apiKeys: readonly string[], initial: PersistedState | undefined, changed: () => void) {
    this.tenantIds = apiKeys.map(tenantIdOf);
    const saved = { ...(initial?.tenants ?? {}) };
    this.tenants = this.tenantIds.map((tenantId) => {
      const state = saved[tenantId] ?? emptyTenantState();
      delete saved[tenantId];
      return new TenantStore(`client_${tenantId.slice(0, 16)}`, state, changed);
    });
    this.dormant = saved;
  }

  tenant(index: number): TenantStore {
    const tenant = this.tenants[index];
    if (!tenant) throw new Error(`no tenant ${index}`);
    return tenant;
  }

  snapshot(): PersistedState {
    const tenants: Record<string, TenantState> = { ...this.dormant };
    this.tenants.forEach((tenant, index) => {
      tenants[this.tenantIds[index] as string] = tenant.state();
    });
    return { version: 1, tenants };
  }
}
