import { createHash } from "node:crypto";
import type { z } from "zod";
import { lostCreateDoubts, madeAfter, UNDATED_DOUBT } from "./create-evidence";
import {
  ApiConnectionError,
  ApiTimeoutError,
  ConflictError,
  HandedBackError,
  LostAccountCreateError,
  RequestValidationError,
  ServerError,
  UnprovenCreateError,
} from "./errors";
import { paginate } from "./pagination";
import { OperationStoppedError, pause, unstoppable } from "./stopping";
import { secretValuesOf } from "./redact";
import {
  activeTriggersQuerySchema,
  clientOptionsSchema,
  clientSettingsSchema,
  anyEmptyFilter,
  commaSeparated,
  connectedAccountsQuerySchema,
  integrationsQuerySchema,
  MAX_PAGE_LIMIT,
  pathParamSchema,
  triggerFiltersSchema,
  triggerLogsQuerySchema,
} from "./request-schemas";
import { backoffDelayMs, DEFAULT_BASE_DELAY_MS, isResetCode } from "./retry-policy";
import {
  activeTriggersPageSchema,
  appSchema,
  callbackUrlBodySchema,
  callbackUrlSchema,
  accountIdSchema,
  clientInfoSchema,
  connectedAccountCreatedSchema,
  connectedAccountSchema,
  connectorRecordSchema,
  createConnectedAccountBodySchema,
  createIntegrationBodySchema,
  enableTriggerBodySchema,
  integrationSummarySchema,
  itemsPageSchema,
  listSchema,
  triggerEnabledSchema,
  triggerSchema,
  triggerLogsPageSchema,
  triggerStatusBodySchema,
  updateIntegrationBodySchema,
  type ActiveTrigger,
  type App,
  type ConnectedAccount,
  type ConnectedAccountCreated,
  type ConnectorRecord,
  type CreateConnectedAccountBody,
  type CreateIntegrationBody,
  type IntegrationSummary,
  type Trigger,
  type TriggerEnabled,
  type TriggerLog,
  type UpdateIntegrationBody,
  type WebhookSettings,
} from "./schemas";
import { issuesOf, Transport, type ApiRequest, type HttpMethod } from "./transport";

export interface ClientSettings {
  baseUrl: string;
  apiKey: string;
  /** Per attempt; default 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt; default 4. */
  maxRetries?: number;
  /** Requests in flight at once, shared by every client of the process with the same cap; default 8. */
  maxConcurrentRequests?: number;
  /**
   * This process's ceiling on the account's request rate, below what the service allows, so that other
   * users of the key keep their share; the lowest of the process's clients on one account holds. Default none.
   */
  maxRequestsPerSecond?: number;
}

export interface ApiClientOptions {
  /** Base of the exponential backoff in ms (default 250). A test knob: keep retries fast. */
  retryDelayScaleMs?: number;
}

export interface TriggerFilters {
  appNames?: string[];
  connectedAccountIds?: string[];
  /** Trigger names. */
  triggerIds?: string[];
  integrationIds?: string[];
  /** @deprecated by the API; still sent. */
  showEnabledOnly?: boolean;
}

export interface ActiveTriggerFilters {
  connectedAccountIds?: string[];
  integrationIds?: string[];
  /** Instance ids. */
  triggerIds?: string[];
  triggerNames?: string[];
  showDisabled?: boolean;
}

export interface TriggerLogFilters {
  connectionId?: string;
  integrationId?: string;
}

export interface PageBounds {
  /** Items per request, 1..100 (default 100: fewest requests). */
  limit?: number;
  /** Stop after this many items. */
  maxItems?: number;
}

export interface ListIntegrationsQuery {
  appName?: string;
  showDisabled?: boolean;
  pageSize?: number;
  maxItems?: number;
}

const DEFAULT_PAGE_SIZE = 100;
const INTEGRATIONS = "/api/v1/integrations";
const CLIENT_INFO = "/api/v1/client/auth/client_info";
const LOST_RESPONSE_STATUSES = new Set([502, 503, 504]);

/**
 * Typed client of the Trigger and Integration Management API: one per base URL and key, holding one
 * keep-alive agent. Idempotent requests are retried (see retry-policy.ts); creating a connector is safe to
 * retry because its name is unique, and a create whose answer was lost is proven by the service's clock.
 */
export class ApiClient {
  readonly baseUrl: string;
  /**
   * Distinguishes tenants in caches without holding the key: the base URL and a one-way fingerprint of
   * the API key.
   */
  readonly identity: string;
  readonly #transport: Transport;
  readonly #maxRetries: number;
  readonly #baseDelayMs: number;

  constructor(settings: ClientSettings, options: ApiClientOptions = {}) {
    const parsedSettings = clientSettingsSchema.safeParse(settings);
    if (!parsedSettings.success) throw invalidArgument("ApiClient settings", parsedSettings.error);
    const parsedOptions = clientOptionsSchema.safeParse(options);
    if (!parsedOptions.success) throw invalidArgument("ApiClient options", parsedOptions.error);
    const { apiKey, timeoutMs, maxRetries, maxConcurrentRequests, maxRequestsPerSecond } =
      parsedSettings.data;
    this.baseUrl = parsedSettings.data.baseUrl.replace(/\/+$/, "");
    this.identity = `${this.baseUrl} ${createHash("sha256").update(apiKey).digest("hex").slice(0, 16)}`;
    this.#maxRetries = maxRetries;
    this.#baseDelayMs = parsedOptions.data.retryDelayScaleMs ?? DEFAULT_BASE_DELAY_MS;
    this.#transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey,
      timeoutMs,
      maxRetries,
      baseDelayMs: this.#baseDelayMs,
      maxConcurrentRequests,
      maxRequestsPerSecond,
      identity: this.identity,
    });
  }

  /** Closes idle keep-alive sockets (the client remains usable). */
  close(): void {
    this.#transport.close();
  }

  // ------------------------------------------------------------------------------------ apps, triggers

  async listApps(): Promise<App[]> {
    return this.#transport.send({ method: "GET", path: "/api/v1/apps" }, listSchema(appSchema));
  }

  async listTriggers(filters: TriggerFilters = {}): Promise<Trigger[]> {
    const path = "/api/v1/triggers";
    const valid = validate("GET", path, triggerFiltersSchema, filters);
    if (anyEmptyFilter(valid.appNames, valid.connectedAccountIds, valid.triggerIds, valid.integrationIds)) {
      return [];
    }
    const query = {
      appNames: commaSeparated(valid.appNames),
      connectedAccountIds: commaSeparated(valid.connectedAccountIds),
      triggerIds: commaSeparated(valid.triggerIds),
      integrationIds: commaSeparated(valid.integrationIds),
      showEnabledOnly: valid.showEnabledOnly,
    };
    return this.#transport.send({ method: "GET", path, query }, listSchema(triggerSchema));
  }

  activeTriggers(filters: ActiveTriggerFilters & PageBounds = {}): AsyncIterable<ActiveTrigger> {
    const path = "/api/v1/triggers/active_triggers";
    const valid = validate("GET", path, activeTriggersQuerySchema, filters);
    const limit = pageLimit(valid);
    const lists = [valid.connectedAccountIds, valid.integrationIds, valid.triggerIds, valid.triggerNames];
    if (anyEmptyFilter(...lists)) return paginate(async () => ({ items: [] }), { pageSize: limit });
    const query = {
      connectedAccountIds: commaSeparated(valid.connectedAccountIds),
      integrationIds: commaSeparated(valid.integrationIds),
      triggerIds: commaSeparated(valid.triggerIds),
      triggerNames: commaSeparated(valid.triggerNames),
      showDisabled: valid.showDisabled,
      limit,
    };
    return paginate(
      async (page) => {
        const body = await this.#transport.send(
          { method: "GET", path, query: { ...query, page } },
          activeTriggersPageSchema,
        );
        return { items: body.triggers, totalPages: body.pageInfo.totalPages };
      },
      { pageSize: limit, maxItems: valid.maxItems },
    );
  }

  triggerLogs(filters: TriggerLogFilters & PageBounds = {}): AsyncIterable<TriggerLog> {
    const path = "/api/v1/triggers/logs";
    const valid = validate("GET", path, triggerLogsQuerySchema, filters);
    const limit = pageLimit(valid);
    const query = { connectionId: valid.connectionId, integrationId: valid.integrationId, limit };
    return paginate(
      async (page) => {
        const body = await this.#transport.send(
          { method: "GET", path, query: { ...query, page } },
          triggerLogsPageSchema,
        );
        return { items: body.data, totalPages: body.pageInfo.totalPages };
      },
      { pageSize: limit, maxItems: valid.maxItems },
    );
  }

  // -------------------------------------------------------------------------------------- integrations

  /**
   * POST /api/v1/integrations: one request when nothing goes wrong. After a lost response (timeout, reset,
   * 502/503/504) the POST is sent again (at most `maxRetries` times): names are unique among live
   * connectors, so a second POST can never make a second connector. Its 201 is this call's connector; its 409
   * says that something holds the name, the first POST's late commit or another's, weighed by the service's
   * clock (create-evidence.ts): the holder is taken only when it was made after this call's first POST left
   * and matches what was sent, after its authConfig is set again (secret values cannot be compared);
   * otherwise a 409 stands as it is, and a holder that may be this call's is named (UnprovenCreateError).
   * Without `forceNewIntegration: true` the service may hand back an existing connector of the app instead of
   * making one: a connector that is not provably new is refused (HandedBackError), never taken.
   * A 4xx is never retried; nothing is listed unless a response was lost.
   */
  async createIntegration(body: CreateIntegrationBody): Promise<ConnectorRecord> {
    const valid = validate("POST", INTEGRATIONS, createIntegrationBodySchema, body);
    const dating = await this.#datingOfCreate();
    const request: ApiRequest = {
      method: "POST",
      path: INTEGRATIONS,
      body: valid,
      secrets: secretValuesOf(valid.authConfig),
      beforeSend: dating.beforeSend,
    };
    let lostBefore = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const record = await this.#transport.send(request, connectorRecordSchema);
        // Without `forceNewIntegration: true` the service may hand back one of the app's connectors.
        if (valid.forceNewIntegration === true) return record;
        refuseHandBack(record, valid, dating.floor);
        // After a lost response the service may hand back the connector the first POST made: taken only as
        // after a 409, proven and with its authConfig set again.
        return lostBefore
          ? unstoppable(() => this.#recoverLostCreate(record.id, valid, dating.floor, undefined))
          : record;
      } catch (error) {
        const lost = isLostResponse(error);
        if (!lost && !(lostBefore && error instanceof ConflictError)) throw error;
        // Out of attempts, or a 409 that an earlier attempt of this call may have caused: weigh what holds the
        // name now.
        if (!lost || attempt > this.#maxRetries) return this.#weighLostCreate(valid, dating.floor, error);
        lostBefore = true;
      }
      try {
        await pause(backoffDelayMs(attempt, this.#baseDelayMs));
      } catch (stopped) {
        // Stopped (Cancel, customTimeouts) after a lost response: the POST may have landed.
        return this.#weighLostCreate(valid, dating.floor, stopped);
      }
    }
  }

  /**
   * The service's time when a create's first POST leaves, at the earliest (server-clock.ts): `floor`, once
   * `beforeSend` ran, taken as late as possible (after the rate gate) and at the first attempt, which dates
   * every later one. It needs an answer dated before the POST: a client's first request asks for one; any
   * answer carries the date, so its status and body do not matter.
   */
  async #datingOfCreate(): Promise<{ floor?: number; beforeSend: () => void }> {
    if (this.#transport.serverTimeFloor() === undefined) {
      await this.#transport
        .sendIgnoringBody({ method: "GET", path: CLIENT_INFO, once: true })
        .catch(() => undefined);
    }
    let taken = false;
    const dating: { floor?: number; beforeSend: () => void } = {
      beforeSend: () => {
        if (taken) return;
        taken = true;
        dating.floor = this.#transport.serverTimeFloor();
      },
    };
    return dating;
  }

  /**
   * The last word on a create that may have landed: the connector holding the name now, taken only when proven
   * this call's; none found, `last` stands, saying that the service may still make it. Runs whatever the stop:
   * a create is never cut short between its POST and this proof. The holder is looked for among the app's
   * connectors first, then (names are unique whatever the app) among all.
   */
  #weighLostCreate(sent: CreateIntegrationBody, floor: number | undefined, last: unknown) {
    return unstoppable(async () => {
      const holder =
        (await this.findIntegrationByName(sent.name, { appName: sent.appName })) ??
        (sent.appName === undefined ? undefined : await this.findIntegrationByName(sent.name));
      if (holder !== undefined) return this.#recoverLostCreate(holder.id, sent, floor, last);
      if (last instanceof OperationStoppedError) {
        throw new OperationStoppedError(
          `${last.message}, after a create whose response was lost; no connector named "${sent.name}" was ` +
            "found, but the service may still make it: if a later `pulumi up` stops on a 409 naming it, take it " +
            "over with adoptId",
        );
      }
      throw last;
    });
  }

  async #recoverLostCreate(
    id: string,
    sent: CreateIntegrationBody,
    floor: number | undefined,
    last: unknown,
  ): Promise<ConnectorRecord> {
    const record = await this.getIntegration(id);
    const doubts = lostCreateDoubts(record, sent, floor);
    // Another's connector held the name before this call, or differs from what it sent: no POST of this call
    // made anything, and a 409 says so as it is.
    if (doubts.length > 0 && last instanceof ConflictError && provablyAnother(doubts)) throw last;
    if (doubts.length > 0) throw new UnprovenCreateError({ method: "POST", path: INTEGRATIONS }, id, doubts);
    if (sent.authConfig !== undefined) await this.updateIntegration(id, { authConfig: sent.authConfig });
    return record;
  }

  /** The connector record; NotFoundError when unknown. A soft-deleted one comes back with `deleted: true`. */
  async getIntegration(id: string): Promise<ConnectorRecord> {
    const path = integrationPath("GET", id);
    return this.#transport.send({ method: "GET", path }, connectorRecordSchema);
  }

  /** PATCH: `authConfig` replaces the stored config as a whole. Any 2xx is success. */
  async updateIntegration(id: string, patch: UpdateIntegrationBody): Promise<void> {
    const path = integrationPath("PATCH", id);
    const body = validate("PATCH", path, updateIntegrationBodySchema, patch);
    const secrets = secretValuesOf(body.authConfig);
    await this.#transport.sendIgnoringBody({ method: "PATCH", path, body, secrets });
  }

  /** Soft delete. NotFoundError when unknown or already deleted. */
  async deleteIntegration(id: string): Promise<void> {
    await this.#transport.sendIgnoringBody({ method: "DELETE", path: integrationPath("DELETE", id) });
  }

  listIntegrations(query: ListIntegrationsQuery = {}): AsyncIterable<IntegrationSummary> {
    const valid = validate("GET", INTEGRATIONS, integrationsQuerySchema, query);
    const pageSize = valid.pageSize ?? DEFAULT_PAGE_SIZE;
    const schema = itemsPageSchema(integrationSummarySchema);
    const baseQuery = { appName: valid.appName, showDisabled: valid.showDisabled, pageSize };
    return paginate(
      async (page) => {
        const body = await this.#transport.send(
          { method: "GET", path: INTEGRATIONS, query: { ...baseQuery, page } },
          schema,
        );
        return { items: body.items, totalPages: body.totalPages };
      },
      { pageSize, maxItems: valid.maxItems },
    );
  }

  /** The non-deleted connector with this exact name (enabled or not), if any. */
  async findIntegrationByName(
    name: string,
    hint: { appName?: string } = {},
  ): Promise<IntegrationSummary | undefined> {
    for await (const item of this.listIntegrations({ appName: hint.appName, showDisabled: true })) {
      if (item.name === name && item.deleted !== true) return item;
    }
    return undefined;
  }

  // ---------------------------------------------------------------- connected accounts, trigger enable

  /**
   * Not retried on a lost response: it is not idempotent and has no unique key. Nothing is listed before it.
   * After a lost response the connector's accounts are listed (whatever stops the call) and the error says
   * which may be this call's: a LostAccountCreateError names those the service's clock dates at or after the
   * POST left, or that it cannot date (create-evidence.ts); with none, the lost response's error stands.
   */
  async createConnectedAccount(body: CreateConnectedAccountBody): Promise<ConnectedAccountCreated> {
    const path = "/api/v1/connectedAccounts";
    const valid = validate("POST", path, createConnectedAccountBodySchema, body);
    const dating = await this.#datingOfCreate();
    const request: ApiRequest = {
      method: "POST",
      path,
      body: valid,
      secrets: secretValuesOf(valid.data),
      beforeSend: dating.beforeSend,
    };
    try {
      return await this.#transport.send(request, connectedAccountCreatedSchema);
    } catch (error) {
      if (!isLostResponse(error)) throw error;
      throw await unstoppable(() => this.#lostAccountCreate(valid, dating.floor, error));
    }
  }

  async #lostAccountCreate(sent: CreateConnectedAccountBody, floor: number | undefined, lost: unknown) {
    const candidates: string[] = [];
    for await (const account of this.listConnectedAccounts({ integrationId: sent.integrationId })) {
      const sameEntity = sent.entityId === undefined || account.entityId === sent.entityId;
      if (sameEntity && madeAfter(account.createdAt, floor) !== "before") candidates.push(account.id);
    }
    if (candidates.length === 0) return lost;
    return new LostAccountCreateError({ method: "POST", path: "/api/v1/connectedAccounts" }, candidates);
  }

  listConnectedAccounts(
    query: { integrationId?: string; maxItems?: number } = {},
  ): AsyncIterable<ConnectedAccount> {
    const path = "/api/v1/connectedAccounts";
    const valid = validate("GET", path, connectedAccountsQuerySchema, query);
    const schema = itemsPageSchema(connectedAccountSchema);
    return paginate(
      async (page) => {
        const body = await this.#transport.send(
          {
            method: "GET",
            path,
            query: { integrationId: valid.integrationId, page, pageSize: DEFAULT_PAGE_SIZE },
          },
          schema,
        );
        return { items: body.items, totalPages: body.totalPages };
      },
      { pageSize: DEFAULT_PAGE_SIZE, maxItems: valid.maxItems },
    );
  }

  async enableTrigger(
    connectedAccountId: string,
    triggerName: string,
    triggerConfig: Record<string, unknown> = {},
  ): Promise<TriggerEnabled> {
    const template = "/api/v1/triggers/enable/:connectedAccountId/:triggerName";
    const account = segment("POST", template, "connectedAccountId", connectedAccountId);
    const trigger = segment("POST", template, "triggerName", triggerName);
    const path = `/api/v1/triggers/enable/${account}/${trigger}`;
    const body = validate("POST", path, enableTriggerBodySchema, { triggerConfig });
    const secrets = secretValuesOf(triggerConfig);
    return this.#transport.send({ method: "POST", path, body, secrets }, triggerEnabledSchema);
  }

  /** The account; NotFoundError when unknown or deleted. The server never shows its credentials. */
  async getConnectedAccount(id: string): Promise<ConnectedAccount> {
    const path = connectedAccountPath("GET", id);
    return this.#transport.send({ method: "GET", path }, connectedAccountSchema);
  }

  /** NotFoundError when unknown or already deleted. */
  async deleteConnectedAccount(id: string): Promise<void> {
    await this.#transport.sendIgnoringBody({ method: "DELETE", path: connectedAccountPath("DELETE", id) });
  }

  // ------------------------------------------------------------------ trigger instances, webhook callback

  /** One instance, disabled ones included (there is no GET by id); undefined when there is none. */
  async getTriggerInstance(id: string): Promise<ActiveTrigger | undefined> {
    for await (const instance of this.activeTriggers({ triggerIds: [id], showDisabled: true })) {
      if (instance.id === id) return instance;
    }
    return undefined;
  }

  /** Enables or disables an instance in place (idempotent). NotFoundError when unknown. */
  async setTriggerInstanceEnabled(id: string, enabled: boolean): Promise<void> {
    const template = "/api/v1/triggers/instance/:triggerId/status";
    const path = `/api/v1/triggers/instance/${segment("PATCH", template, "triggerId", id)}/status`;
    const body = validate("PATCH", path, triggerStatusBodySchema, { enabled });
    await this.#transport.sendIgnoringBody({ method: "PATCH", path, body });
  }

  /** NotFoundError when unknown or already deleted. */
  async deleteTriggerInstance(id: string): Promise<void> {
    const template = "/api/v1/triggers/instance/:triggerInstanceId";
    const path = `/api/v1/triggers/instance/${segment("DELETE", template, "triggerInstanceId", id)}`;
    await this.#transport.sendIgnoringBody({ method: "DELETE", path });
  }

  /** The tenant's callback URL; undefined when none was ever set. */
  async getCallbackUrl(): Promise<string | undefined> {
    return this.#transport.send({ method: "GET", path: "/api/v1/triggers/callback_url" }, callbackUrlSchema);
  }

  /** Sets the tenant's one callback URL (idempotent). */
  async setCallbackUrl(url: string): Promise<void> {
    const path = "/api/v1/triggers/set_callback_url";
    const body = validate("POST", path, callbackUrlBodySchema, { callbackURL: url });
    await this.#transport.sendIgnoringBody({ method: "POST", path, body });
  }

  /**
   * The id of the account (project) the API key belongs to: `client.id` of client_info. Every key of one
   * account answers the same id, so it tells accounts apart, never keys. Nothing else of the answer is read.
   */
  async getAccountId(): Promise<string> {
    return this.#transport.send({ method: "GET", path: CLIENT_INFO }, accountIdSchema);
  }

  /** The callback URL and the secret that signs deliveries (the rest of client_info is never read). */
  async getWebhookSettings(): Promise<WebhookSettings> {
    return this.#transport.send({ method: "GET", path: CLIENT_INFO }, clientInfoSchema);
  }
}

/**
 * With `forceNewIntegration: false` the service hands back an existing connector of the app instead of
 * creating one. The answer shows it: another name, or this name on a connector made before the POST left
 * (one the service's clock cannot date is not taken either).
 */
function refuseHandBack(record: ConnectorRecord, sent: CreateIntegrationBody, floor: number | undefined) {
  const made = madeAfter(record.createdAt, floor);
  if (record.name === sent.name && made === "after") return;
  throw new HandedBackError(
    { method: "POST", path: INTEGRATIONS },
    { id: record.id, name: record.name },
    record.name === sent.name && made === "unknown",
  );
}

/** Doubts that prove the holder another's: it was there before, or differs from what was sent. */
function provablyAnother(doubts: string[]): boolean {
  return doubts.some((doubt) => doubt !== UNDATED_DOUBT);
}

function connectedAccountPath(method: HttpMethod, id: string): string {
  const base = "/api/v1/connectedAccounts";
  return `${base}/${segment(method, `${base}/:connectedAccountId`, "connectedAccountId", id)}`;
}

/**
 * A response that may have been lost after the server acted on the request (a timeout, a reset, a
 * 502/503/504): the caller must find out whether it landed before sending a non-idempotent request again.
 */
export function isLostResponse(error: unknown): boolean {
  if (error instanceof ApiTimeoutError) return true;
  if (error instanceof ApiConnectionError) return isResetCode(error.code);
  return (
    error instanceof ServerError && error.status !== undefined && LOST_RESPONSE_STATUSES.has(error.status)
  );
}

function pageLimit(bounds: PageBounds): number {
  return bounds.limit ?? Math.max(1, Math.min(MAX_PAGE_LIMIT, bounds.maxItems ?? MAX_PAGE_LIMIT));
}

function integrationPath(method: HttpMethod, id: string): string {
  return `${INTEGRATIONS}/${segment(method, `${INTEGRATIONS}/:integrationId`, "integrationId", id)}`;
}

/** An encoded path parameter; a missing or empty one is rejected before sending. */
function segment(method: HttpMethod, template: string, name: string, value: unknown): string {
  const parsed = pathParamSchema.safeParse(value);
  if (!parsed.success) {
    throw new RequestValidationError({ method, path: template }, [
      { path: name, message: parsed.error.issues[0].message },
    ]);
  }
  return encodeURIComponent(parsed.data);
}

function validate<T>(method: HttpMethod, path: string, schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new RequestValidationError({ method, path }, issuesOf(parsed.error));
  return parsed.data;
}

function invalidArgument(what: string, error: z.ZodError): TypeError {
  const details = issuesOf(error)
    .map((issue) => `${issue.path || "(root)"}: ${issue.message}`)
    .join("; ");
  return new TypeError(`Invalid ${what}: ${details}`);
}
