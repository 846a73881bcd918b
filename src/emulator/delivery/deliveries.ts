/**
 * Delivers fired events to the tenant's callback URL in the background (a request that fires an event is
 * answered at once). A non-2xx answer, a refused connection or no answer within the timeout is retried
 * after each of the configured delays in turn, then given up: the delays bound the attempts. Every attempt
 * is a trigger log entry. A small loop rather than a retry library: it must stop at once on close (the
 * waits are abortable timers), and each attempt's outcome is recorded, which is all the loop does.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { CatalogIndex } from "../catalog-index";
import type { ServerClock } from "../clock";
import type { ActiveTriggerRecord, TriggerLogRecord } from "../records";
import { newId, type TenantStore } from "../store";
import { buildEvent, signedHeaders, type WebhookEvent } from "./webhook-event";

export interface DeliverySettings {
  /** Waits before the 2nd, 3rd, ... attempt (ms); attempts = delays + 1. */
  retryDelaysMs: readonly number[];
  /** How long one attempt waits for an answer. */
  timeoutMs: number;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  retryDelaysMs: [500, 1000, 2000, 4000],
  timeoutMs: 5000,
};

/** What firing an instance started: the event's id (`webhook-id`) and the id of its first log entry. */
export interface FiredEvent {
  eventId: string;
  logId: string;
  /** "scheduled": being delivered; "no_callback_url": logged only, the tenant has no callback URL. */
  delivery: "scheduled" | "no_callback_url";
}

export class WebhookDeliveries {
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly catalog: CatalogIndex,
    private readonly settings: DeliverySettings,
    /** Makes background log entries durable (they are written outside any request). */
    private readonly persist: () => Promise<void>,
    /** The server's clock: log entries' createdAt, the event's timestamp, webhook-timestamp. */
    private readonly clock: ServerClock,
  ) {}

  /**
   * Fires an enabled instance: logs at once when there is no callback URL, else delivers in the background.
   * `key`: the index of the API key that fired it, whose clock offset the timestamps follow (none: the
   * operator's, as for the live feed).
   */
  fire(
    tenant: TenantStore,
    instance: ActiveTriggerRecord,
    payload?: Record<string, unknown>,
    key?: number,
  ): FiredEvent {
    const trigger = this.catalog.trigger(instance.triggerName);
    const data = payload ?? trigger?.payload ?? {};
    const logId = newId();
    const event = buildEvent(instance, data, logId, this.clock.date(key));
    const entry = (id: string, error: string | null, attempt?: number): TriggerLogRecord => ({
      id,
      clientId: tenant.clientId,
      connectionId: instance.connectionId,
      appKey: trigger?.appKey ?? tenant.getConnectedAccount(instance.connectionId)?.appName ?? "",
      createdAt: this.clock.now(key),
      triggerName: instance.triggerName,
      errorTrigger: null,
      triggerClientError: error,
      triggerClientPayload: event.body,
      triggerProviderPayload: JSON.stringify(data),
      ...(trigger && { triggerType: trigger.type }),
      ...(attempt !== undefined && { deliveryAttempt: attempt }),
    });
    const { callbackURL, secret } = tenant.webhookSettings();
    if (callbackURL === undefined || secret === undefined) {
      tenant.addLog(
        entry(logId, "Not delivered: no callback URL is set (POST /api/v1/triggers/set_callback_url)"),
      );
      return { eventId: event.id, logId, delivery: "no_callback_url" };
    }
    const run = this.deliver(tenant, callbackURL, secret, event, key, (attempt, error) =>
      entry(attempt === 1 ? logId : newId(), error, attempt),
    ).finally(() => this.running.delete(run));
    this.running.add(run);
    return { eventId: event.id, logId, delivery: "scheduled" };
  }

  /** Stops every pending attempt and wait at once, and resolves when the loops have ended. */
  async close(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  private async deliver(
    tenant: TenantStore,
    url: string,
    secret: string,
    event: WebhookEvent,
    key: number | undefined,
    entry: (attempt: number, error: string | null) => TriggerLogRecord,
  ): Promise<void> {
    const { retryDelaysMs } = this.settings;
    const attempts = retryDelaysMs.length + 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const failure = await this.attempt(url, secret, event, this.clock.date(key));
      // Stopped mid-attempt: nothing is recorded after close began (the data file is being closed).
      if (this.stopping.signal.aborted) return;
      const delay = retryDelaysMs[attempt - 1];
      const outcome =
        failure === null
          ? null
          : delay === undefined
            ? `${failure}; gave up after ${attempts} attempts`
            : `${failure}; attempt ${attempt} of ${attempts}, retrying in ${delay} ms`;
      tenant.addLog(entry(attempt, outcome));
      await this.persist().catch(() => undefined);
      if (failure === null || delay === undefined) return;
      try {
        await sleep(delay, undefined, { signal: this.stopping.signal });
      } catch {
        return;
      }
    }
  }

  /** null when the callback URL answered 2xx; else what went wrong (never the secret). */
  private async attempt(url: string, secret: string, event: WebhookEvent, at: Date): Promise<string | null> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { ...signedHeaders(event, secret, at), "user-agent": "integrations-emulator" },
        body: event.body,
        redirect: "manual",
        signal: AbortSignal.any([this.stopping.signal, timeout]),
      });
      // The answer's body is not needed; reading it to the end frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      return response.ok ? null : `Callback URL answered HTTP ${response.status}`;
    } catch (error) {
      if (timeout.aborted) return `Callback URL did not answer within ${this.settings.timeoutMs} ms`;
      const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
      const reason = typeof cause?.code === "string" ? cause.code : String(cause?.message ?? error);
      return `Could not connect to the callback URL (${reason})`;
    }
  }
}
