/**
 * Fixtures: records to preload per API key (into the key's account: keys given as `key=tenant` load into
 * the named account; one account's records come under one of its keys). Shape (JSON file or object):
 *   { "tenants": { "<apiKey>": { "integrations": [...], "connectedAccounts": [...],
 *                                "activeTriggers": [...], "logs": [...] } } }
 * Only the fields marked required below must be given; ids, timestamps and derived fields are filled in.
 * References (an account's integrationId, a trigger's connectionId, ...) may name fixture ids.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { builtInCatalog } from "./catalog";
import { expectedInputField, type CatalogIndex } from "./catalog-index";
import { accountFields, type CatalogApp } from "./catalog/types";
import { emptyTenantState, type TenantState } from "./records";
import { keyAccountOf, newId, type ConfiguredKey, type PersistedState } from "./store";

const jsonObject = z.record(z.string(), z.unknown());
const optionalText = z.string().min(1).optional();

const integrationFixture = z.object({
  id: optionalText,
  name: z.string().min(1),
  appName: optionalText,
  appId: optionalText,
  authScheme: optionalText,
  authConfig: jsonObject.default({}),
  enabled: z.boolean().default(true),
  useServiceAuth: z.boolean().default(false),
  deleted: z.boolean().default(false),
  createdAt: optionalText,
});

const connectedAccountFixture = z.object({
  id: optionalText,
  integrationId: z.string().min(1),
  data: jsonObject.default({}),
  createdAt: optionalText,
});

const activeTriggerFixture = z.object({
  id: optionalText,
  connectionId: z.string().min(1),
  triggerName: z.string().min(1),
  triggerConfig: jsonObject.default({}),
  triggerData: z.string().optional(),
  state: jsonObject.default({}),
  disabledAt: z.string().nullable().default(null),
  disabledReason: z.string().nullable().default(null),
  createdAt: optionalText,
});

const logFixture = z.object({
  id: optionalText,
  connectionId: z.string().min(1),
  triggerName: z.string().nullable().default(null),
  appKey: optionalText,
  createdAt: optionalText,
  errorTrigger: z.string().nullable().default(null),
  triggerClientError: z.string().nullable().default(null),
  triggerClientPayload: z.string().nullable().default(null),
  triggerProviderPayload: z.string().nullable().default(null),
  triggerType: z.enum(["poll", "webhook"]).optional(),
});

const tenantFixture = z.object({
  integrations: z.array(integrationFixture).default([]),
  connectedAccounts: z.array(connectedAccountFixture).default([]),
  activeTriggers: z.array(activeTriggerFixture).default([]),
  logs: z.array(logFixture).default([]),
});

const fixturesSchema = z.object({ tenants: z.record(z.string().min(1), tenantFixture) });

export type Fixtures = z.input<typeof fixturesSchema>;
type TenantFixture = z.output<typeof tenantFixture>;

/** Reads and validates fixtures. Error messages name tenants by position, never by API key. */
export function loadFixtures(source: string | Fixtures): z.output<typeof fixturesSchema> {
  let raw: unknown = source;
  if (typeof source === "string") {
    try {
      raw = JSON.parse(readFileSync(source, "utf8"));
    } catch (error) {
      throw new Error(`Cannot read fixtures ${source}: ${(error as Error).message}`);
    }
  }
  const result = fixturesSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const keys = raw && typeof raw === "object" && "tenants" in raw ? Object.keys(Object(raw.tenants)) : [];
  const path = (issue?.path ?? []).map((part, index) =>
    index === 1 && typeof part === "string" ? `<tenant #${keys.indexOf(part) + 1}>` : String(part),
  );
  throw new Error(`Invalid fixtures at ${path.join(".") || "(root)"}: ${issue?.message ?? "rejected"}`);
}

/**
 * The store's initial state from fixtures, for the configured API keys (a string: a bare key). A key that
 * is not configured is an error, and so are two keys of one account (whose records would be one store).
 */
export function fixturesToState(
  fixtures: z.output<typeof fixturesSchema>,
  apiKeys: readonly ConfiguredKey[],
  catalog: CatalogIndex,
): PersistedState {
  const accounts = apiKeys.map(keyAccountOf);
  const tenants: Record<string, TenantState> = {};
  const positionOf = new Map<string, number>();
  Object.entries(fixtures.tenants).forEach(([apiKey, tenant], position) => {
    const account = accounts.find((candidate) => candidate.key === apiKey);
    if (!account) {
      throw new Error(`Fixtures tenant #${position + 1} does not match any configured API key`);
    }
    const other = positionOf.get(account.storageId);
    if (other !== undefined) {
      throw new Error(
        `Fixtures tenants #${other + 1} and #${position + 1} are keys of one account (${account.accountId}): give its records under one of them`,
      );
    }
    positionOf.set(account.storageId, position);
    tenants[account.storageId] = tenantState(tenant, account.accountId, catalog, position);
  });
  return { version: 1, tenants };
}

function tenantState(
  fixture: TenantFixture,
  clientId: string,
  catalog: CatalogIndex,
  position: number,
): TenantState {
  const fail = (message: string): never => {
    throw new Error(`Fixtures tenant #${position + 1}: ${message}`);
  };
  // Records loaded at start-up, outside any request: the machine's clock.
  const at = new Date().toISOString();
  const state = emptyTenantState();
  for (const item of fixture.integrations) {
    const target: CatalogApp | undefined =
      (item.appId !== undefined ? catalog.appById(item.appId) : undefined) ??
      (item.appName !== undefined ? catalog.appByName(item.appName) : undefined);
    if (!target) return fail(`integration ${item.name} names no known app`);
    const scheme = catalog.scheme(target, item.authScheme ?? target.auth_schemes[0]?.auth_mode ?? "");
    if (!scheme) return fail(`integration ${item.name}: app ${target.name} has no such authScheme`);
    state.integrations.push({
      id: item.id ?? newId(),
      name: item.name,
      appId: target.id,
      appName: target.name,
      authScheme: scheme.auth_mode,
      authConfig: item.authConfig,
      enabled: item.enabled && !item.deleted,
      useServiceAuth: item.useServiceAuth,
      expectedInputFields: accountFields(scheme).map(expectedInputField),
      logo: target.logo,
      createdAt: item.createdAt ?? at,
      updatedAt: item.createdAt ?? at,
      deleted: item.deleted,
      defaultConnectorId: null,
    });
  }
  for (const item of fixture.connectedAccounts) {
    const integration = state.integrations.find((record) => record.id === item.integrationId);
    if (!integration) return fail(`connected account refers to unknown integration ${item.integrationId}`);
    state.connectedAccounts.push({
      id: item.id ?? newId(),
      integrationId: integration.id,
      appId: integration.appId,
      appName: integration.appName,
      status: "ACTIVE",
      data: item.data,
      labels: [],
      entityId: "default",
      createdAt: item.createdAt ?? at,
      updatedAt: item.createdAt ?? at,
    });
  }
  for (const item of fixture.activeTriggers) {
    if (!state.connectedAccounts.some((account) => account.id === item.connectionId)) {
      return fail(`active trigger refers to unknown connected account ${item.connectionId}`);
    }
    const { createdAt, id, ...rest } = item;
    state.activeTriggers.push({
      ...rest,
      id: id ?? newId(),
      createdAt: createdAt ?? at,
      updatedAt: createdAt ?? at,
    });
  }
  for (const item of fixture.logs) {
    const account = state.connectedAccounts.find((candidate) => candidate.id === item.connectionId);
    if (!account) return fail(`log refers to unknown connected account ${item.connectionId}`);
    const trigger = item.triggerName === null ? undefined : catalog.trigger(item.triggerName);
    const { createdAt, id, appKey, triggerType, ...rest } = item;
    state.logs.push({
      ...rest,
      id: id ?? newId(),
      clientId,
      appKey: appKey ?? trigger?.appKey ?? account.appName,
      createdAt: createdAt ?? at,
      ...((triggerType ?? trigger?.type) ? { triggerType: triggerType ?? trigger?.type } : {}),
    });
  }
  const { integrations, connectedAccounts, activeTriggers, logs } = state;
  for (const [kind, records] of Object.entries({ integrations, connectedAccounts, activeTriggers, logs })) {
    const ids = records.map((record: { id: string }) => record.id);
    if (new Set(ids).size !== ids.length) fail(`duplicate ids among ${kind}`);
  }
  return state;
}

export interface GenerateFixturesOptions {
  apiKey: string;
  /** Default "github". */
  appName?: string;
  /** Active trigger instances on one connected account (default 0). */
  activeTriggers?: number;
  /** Log entries, one second apart (default 0). */
  logs?: number;
  /** Trigger name of the instances and logs; default: the app's first trigger in the built-in catalog. */
  triggerName?: string;
}

/**
 * Fixtures for volume tests: one connector and one connected account of an app, N active triggers, M logs.
 * Ids are deterministic ("fixture-..."), so tests can address records without listing them first.
 */
export function generateFixtures(options: GenerateFixturesOptions): Fixtures {
  const appName = options.appName ?? "github";
  const triggerName =
    options.triggerName ?? builtInCatalog.triggers.find((trigger) => trigger.appKey === appName)?.name ?? "";
  const integrationId = "fixture-integration-1";
  const connectionId = "fixture-account-1";
  const base = Date.parse("2025-01-01T00:00:00.000Z");
  const iso = (offsetSeconds: number) => new Date(base + offsetSeconds * 1000).toISOString();
  return {
    tenants: {
      [options.apiKey]: {
        integrations: [{ id: integrationId, name: `${appName}-fixture`, appName, useServiceAuth: true }],
        connectedAccounts: [{ id: connectionId, integrationId }],
        activeTriggers: Array.from({ length: options.activeTriggers ?? 0 }, (_, index) => ({
          id: `fixture-trigger-${index + 1}`,
          connectionId,
          triggerName,
          createdAt: iso(index),
        })),
        logs: Array.from({ length: options.logs ?? 0 }, (_, index) => ({
          id: `fixture-log-${index + 1}`,
          connectionId,
          triggerName,
          createdAt: iso(index),
          triggerClientPayload: JSON.stringify({ sequence: index + 1 }),
        })),
      },
    },
  };
}
