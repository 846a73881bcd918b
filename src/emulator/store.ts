/**
 * The in-memory store: one TenantStore per account (tenant), which one or several API keys share, kept on
 * disk under the account's storage id (accounts.ts: a hash of a bare key, never the key; `account:<name>`
 * for a named account). Every mutation goes through a method here so the persistence layer hears about
 * it, as one change (the record written). Timestamps are the caller's (the server clock of the key making
 * the request, clock.ts).
 */
import { randomUUID } from "node:crypto";
import { bareKeyAccount, checkKeyAccounts, type KeyAccount } from "./accounts";
import {
  emptyTenantState,
  type ActiveTriggerRecord,
  type ConnectedAccountRecord,
  type IntegrationRecord,
  type TenantState,
  type TriggerLogRecord,
  type WebhookSettings,
} from "./records";

export const newId = (): string => randomUUID();

/** The storage id of a bare key's account (accounts.ts), kept here for the code that imported it here. */
export { tenantIdOf } from "./accounts";

/**
 * Trigger log entries kept per tenant, newest ones; older entries are dropped (their trigger `count`s
 * stay exact). Bounds memory and the cost of a log query whatever the history.
 */
export const MAX_LOGS_PER_TENANT = 10_000;

/**
 * One write to a tenant's data: a record created or replaced (by id), a connected account or trigger
 * instance removed (they have no soft delete on the wire), a log entry appended, or the webhook settings
 * replaced.
 */
export type StoreChange =
  | { kind: "integration"; record: IntegrationRecord }
  | { kind: "connectedAccount"; record: ConnectedAccountRecord }
  | { kind: "activeTrigger"; record: ActiveTriggerRecord }
  | { kind: "removed"; what: "connectedAccount" | "activeTrigger"; id: string }
  | { kind: "log"; record: TriggerLogRecord }
  | { kind: "webhook"; record: WebhookSettings };

export class TenantStore {
  private readonly integrations = new Map<string, IntegrationRecord>();
  /** Indexes of the live (not deleted) integrations, so that a create's checks cost O(1), not O(history). */
  private readonly liveIdByName = new Map<string, string>();
  private readonly liveIdsByApp = new Map<string, Set<string>>();
  private readonly accounts = new Map<string, ConnectedAccountRecord>();
  private readonly triggers = new Map<string, ActiveTriggerRecord>();
  /** Oldest first, ordered by createdAt then by arrival; at most MAX_LOGS_PER_TENANT after a write. */
  private logs: TriggerLogRecord[] = [];
  /** The newest-first view of `logs`, rebuilt on the first read after a change. */
  private newestFirst: TriggerLogRecord[] | undefined;
  /** How many times each trigger fired, dropped log entries included. */
  private readonly counts = new Map<string, number>();
  private webhook: WebhookSettings;

  constructor(
    /**
     * The account's stable id (accounts.ts): client_info's `client.id` and `apiKey.clientId`, and the
     * `clientId` of its trigger logs.
     */
    readonly clientId: string,
    state: TenantState,
    triggerCounts: Readonly<Record<string, number>> | undefined,
    private readonly changed: (change: StoreChange) => void,
  ) {
    for (const record of state.integrations) this.setIntegration(record);
    for (const record of state.connectedAccounts) this.accounts.set(record.id, record);
    for (const record of state.activeTriggers) this.triggers.set(record.id, record);
    this.webhook = state.webhook;
    this.logs = [...state.logs].sort((a, b) =>
      a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
    );
    if (triggerCounts) for (const [name, n] of Object.entries(triggerCounts)) this.counts.set(name, n);
    else for (const log of this.logs) this.countFired(log);
    this.trimLogs();
  }

  state(): TenantState {
    return {
      integrations: [...this.integrations.values()],
      connectedAccounts: [...this.accounts.values()],
      activeTriggers: [...this.triggers.values()],
      logs: [...this.logs],
      webhook: this.webhook,
    };
  }

  triggerCounts(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  /** Applies a change read back from the journal (no new change is recorded). */
  replay(change: StoreChange): void {
    this.apply(change);
  }

  listIntegrations(): IntegrationRecord[] {
    return [...this.integrations.values()];
  }

  getIntegration(id: string): IntegrationRecord | undefined {
    return this.integrations.get(id);
  }

  /** The live integration with this name (names are unique among live ones). */
  liveIntegrationNamed(name: string): IntegrationRecord | undefined {
    const id = this.liveIdByName.get(name);
    return id === undefined ? undefined : this.integrations.get(id);
  }

  /** The oldest live integration of this app. */
  firstLiveIntegrationOf(appId: string): IntegrationRecord | undefined {
    const [id] = this.liveIdsByApp.get(appId) ?? [];
    return id === undefined ? undefined : this.integrations.get(id);
  }

  addIntegration(record: IntegrationRecord): IntegrationRecord {
    this.write({ kind: "integration", record });
    return record;
  }

  /** `at`: the new updatedAt (the server clock of the request, clock.ts). */
  updateIntegration(
    id: string,
    changes: Partial<Pick<IntegrationRecord, "authConfig" | "enabled" | "deleted">>,
    at: string,
  ): IntegrationRecord {
    const current = this.integrations.get(id);
    if (!current) throw new Error(`updateIntegration: no record ${id}`);
    const updated = { ...current, ...changes, updatedAt: at };
    this.write({ kind: "integration", record: updated });
    return updated;
  }

  listConnectedAccounts(): ConnectedAccountRecord[] {
    return [...this.accounts.values()];
  }

  getConnectedAccount(id: string): ConnectedAccountRecord | undefined {
    return this.accounts.get(id);
  }

  addConnectedAccount(record: ConnectedAccountRecord): ConnectedAccountRecord {
    this.write({ kind: "connectedAccount", record });
    return record;
  }

  /** Removes the account and, as the service does, every trigger instance of it. */
  removeConnectedAccount(id: string): void {
    for (const instance of this.triggers.values()) {
      if (instance.connectionId === id) this.removeActiveTrigger(instance.id);
    }
    this.write({ kind: "removed", what: "connectedAccount", id });
  }

  listActiveTriggers(): ActiveTriggerRecord[] {
    return [...this.triggers.values()];
  }

  getActiveTrigger(id: string): ActiveTriggerRecord | undefined {
    return this.triggers.get(id);
  }

  addActiveTrigger(record: ActiveTriggerRecord): ActiveTriggerRecord {
    this.write({ kind: "activeTrigger", record });
    return record;
  }

  /** `at`: the new updatedAt (the server clock of the request, clock.ts). */
  updateActiveTrigger(
    id: string,
    changes: Partial<Pick<ActiveTriggerRecord, "disabledAt" | "disabledReason">>,
    at: string,
  ): ActiveTriggerRecord {
    const current = this.triggers.get(id);
    if (!current) throw new Error(`updateActiveTrigger: no record ${id}`);
    const updated = { ...current, ...changes, updatedAt: at };
    this.write({ kind: "activeTrigger", record: updated });
    return updated;
  }

  removeActiveTrigger(id: string): void {
    this.write({ kind: "removed", what: "activeTrigger", id });
  }

  webhookSettings(): WebhookSettings {
    return this.webhook;
  }

  updateWebhookSettings(changes: Partial<WebhookSettings>): WebhookSettings {
    const updated = { ...this.webhook, ...changes };
    this.write({ kind: "webhook", record: updated });
    return updated;
  }

  /** Newest first (by createdAt, then by order of arrival): the kept entries. */
  listLogs(): TriggerLogRecord[] {
    this.newestFirst ??= [...this.logs].reverse();
    return this.newestFirst;
  }

  /** How many times each trigger fired for this tenant (the `count` of GET /api/v1/triggers). */
  logCountsByTrigger(): ReadonlyMap<string, number> {
    return this.counts;
  }

  addLog(record: TriggerLogRecord): TriggerLogRecord {
    this.write({ kind: "log", record });
    return record;
  }

  private write(change: StoreChange): void {
    this.apply(change);
    this.changed(change);
  }

  private apply(change: StoreChange): void {
    switch (change.kind) {
      case "integration":
        this.setIntegration(change.record);
        return;
      case "connectedAccount":
        this.accounts.set(change.record.id, change.record);
        return;
      case "activeTrigger":
        this.triggers.set(change.record.id, change.record);
        return;
      case "removed":
        (change.what === "connectedAccount" ? this.accounts : this.triggers).delete(change.id);
        return;
      case "log":
        this.appendLog(change.record);
        return;
      case "webhook":
        this.webhook = change.record;
        return;
    }
  }

  private setIntegration(record: IntegrationRecord): void {
    const previous = this.integrations.get(record.id);
    if (previous && !previous.deleted) {
      if (this.liveIdByName.get(previous.name) === previous.id) this.liveIdByName.delete(previous.name);
      if (record.deleted) this.liveIdsByApp.get(previous.appId)?.delete(previous.id);
    }
    this.integrations.set(record.id, record);
    if (record.deleted) return;
    this.liveIdByName.set(record.name, record.id);
    let ofApp = this.liveIdsByApp.get(record.appId);
    if (!ofApp) {
      ofApp = new Set();
      this.liveIdsByApp.set(record.appId, ofApp);
    }
    ofApp.add(record.id);
  }

  /** In createdAt order: usually the newest, so a push; an entry dated earlier is inserted in place. */
  private appendLog(record: TriggerLogRecord): void {
    let at = this.logs.length;
    while (at > 0 && (this.logs[at - 1] as TriggerLogRecord).createdAt > record.createdAt) at -= 1;
    if (at === this.logs.length) this.logs.push(record);
    else this.logs.splice(at, 0, record);
    this.countFired(record);
    this.newestFirst = undefined;
    this.trimLogs();
  }

  /** A delivery's retries are the same event: only its first attempt counts. */
  private countFired(log: TriggerLogRecord): void {
    if (log.triggerName !== null && (log.deliveryAttempt ?? 1) === 1)
      this.counts.set(log.triggerName, (this.counts.get(log.triggerName) ?? 0) + 1);
  }

  /** Drops the oldest tenth at once past the bound, so that trimming costs O(1) per entry amortized. */
  private trimLogs(): void {
    if (this.logs.length <= MAX_LOGS_PER_TENANT) return;
    this.logs = this.logs.slice(this.logs.length - Math.floor(MAX_LOGS_PER_TENANT * 0.9));
  }
}

export interface PersistedState {
  version: 1;
  /** Which snapshot this is; the data journal names the generation it follows (persistence.ts). */
  generation?: number;
  /** Keyed by the account's storage id (accounts.ts): tenantIdOf(key) or `account:<name>`. */
  tenants: Record<string, TenantState>;
  /** Keyed by storage id too: how many times each trigger fired. Absent: counted from the logs. */
  triggerCounts?: Record<string, Record<string, number>>;
}

/** A configured key as the Store takes it: a string is a bare key (its own account). */
export type ConfiguredKey = string | KeyAccount;

export const keyAccountOf = (key: ConfiguredKey): KeyAccount =>
  typeof key === "string" ? bareKeyAccount(key) : key;

export class Store {
  /** One per configured account, in the order of their first key. */
  private readonly accounts: TenantStore[] = [];
  private readonly storageIds: string[] = [];
  /** Index in `accounts` of each configured key's account, by key index. */
  private readonly accountOfKey: number[];
  /** Data of accounts none of whose keys is configured in this run: kept so that saving does not drop it. */
  private readonly dormant: Record<string, TenantState>;
  private readonly dormantCounts: Record<string, Record<string, number>>;

  constructor(
    apiKeys: readonly ConfiguredKey[],
    initial: PersistedState | undefined,
    /** Hears every change, with the storage id of the account it belongs to. */
    changed: (storageId: string, change: StoreChange) => void,
    /** Changes to apply on top of `initial` (the data journal), in order. */
    journal: readonly (StoreChange & { tenant: string })[] = [],
  ) {
    const keys = apiKeys.map(keyAccountOf);
    checkKeyAccounts(keys);
    const saved = { ...(initial?.tenants ?? {}) };
    const counts = { ...(initial?.triggerCounts ?? {}) };
    this.accountOfKey = keys.map(({ storageId, accountId }) => {
      const known = this.storageIds.indexOf(storageId);
      if (known >= 0) return known;
      const state = saved[storageId] ?? emptyTenantState();
      const tenantCounts = counts[storageId];
      delete saved[storageId];
      delete counts[storageId];
      this.storageIds.push(storageId);
      this.accounts.push(
        new TenantStore(accountId, state, tenantCounts, (change) => changed(storageId, change)),
      );
      return this.accounts.length - 1;
    });
    this.dormant = saved;
    this.dormantCounts = counts;
    this.replayJournal(journal);
  }

  /** The accounts of the configured API keys, each once, in the order of their first key. */
  configuredTenants(): readonly TenantStore[] {
    return this.accounts;
  }

  /** The account of the key at this index of apiKeys (keys of one account share it). */
  tenant(keyIndex: number): TenantStore {
    const tenant = this.accounts[this.accountOfKey[keyIndex] ?? -1];
    if (!tenant) throw new Error(`no tenant ${keyIndex}`);
    return tenant;
  }

  snapshot(): PersistedState {
    const tenants: Record<string, TenantState> = { ...this.dormant };
    const triggerCounts: Record<string, Record<string, number>> = { ...this.dormantCounts };
    this.accounts.forEach((tenant, index) => {
      const storageId = this.storageIds[index] as string;
      tenants[storageId] = tenant.state();
      triggerCounts[storageId] = tenant.triggerCounts();
    });
    return { version: 1, tenants, triggerCounts };
  }

  /** Journaled changes of an account not configured in this run are folded into its kept data. */
  private replayJournal(journal: readonly (StoreChange & { tenant: string })[]): void {
    const dormantStores = new Map<string, TenantStore>();
    for (const { tenant: storageId, ...change } of journal) {
      const index = this.storageIds.indexOf(storageId);
      if (index >= 0) {
        (this.accounts[index] as TenantStore).replay(change as StoreChange);
        continue;
      }
      let dormant = dormantStores.get(storageId);
      if (!dormant) {
        const state = this.dormant[storageId] ?? emptyTenantState();
        dormant = new TenantStore("", state, this.dormantCounts[storageId], () => undefined);
        dormantStores.set(storageId, dormant);
      }
      dormant.replay(change as StoreChange);
    }
    for (const [storageId, dormant] of dormantStores) {
      this.dormant[storageId] = dormant.state();
      this.dormantCounts[storageId] = dormant.triggerCounts();
    }
  }
}
