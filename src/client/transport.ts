import http from "node:http";
import https from "node:https";
import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from "axios";
import type { z } from "zod";
import { ApiConnectionError, ApiTimeoutError, ResponseValidationError, type ValidationIssue } from "./errors";
import { errorFromResponse } from "./error-from-response";
import { parseJson } from "./json";
import { createRedactor } from "./redact";
import { accountRate, concurrencyLimiter, type AdaptiveRate } from "./request-scheduler";
import { installRetryPolicy, isTimeoutCode, throttlePauseMs } from "./retry-policy";
import { ServerClock } from "./server-clock";
import { OperationStoppedError, throwIfStopped, unlessStopped } from "./stopping";
import { USER_AGENT } from "./user-agent";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface ApiRequest {
  method: HttpMethod;
  /** Path with its parameters already encoded, e.g. `/api/v1/integrations/a%2Fb`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Already validated against its request schema. */
  body?: unknown;
  /** Values of this request that must never appear in an error (authConfig values). */
  secrets?: readonly string[];
  /** Called at each attempt, just before it leaves (after the concurrency cap and the rate gate). */
  beforeSend?: () => void;
  /** Sent once, whatever the answer: the caller wants any answer, not a success. */
  once?: boolean;
}

export interface TransportSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  baseDelayMs: number;
  /** The process-wide cap on requests in flight (see request-scheduler.ts). */
  maxConcurrentRequests: number;
  /** The account's adaptive rate is shared by every client with this identity (base URL + key hash). */
  identity: string;
  /** This process's ceiling on the account's request rate, when the settings set one. */
  maxRequestsPerSecond?: number;
}

/**
 * The one axios instance of a client: base URL, auth header, User-Agent, timeout, keep-alive agents and
 * the retry policy. Turns every failure into a typed, secret-free error.
 */
export class Transport {
  // ES private fields: util.inspect of a client shows neither the key nor the headers holding it.
  readonly #http: AxiosInstance;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  /** Named in a failure without an answer, so that a stale base URL (one a state recorded) is recognisable. */
  readonly #server: string;
  readonly #httpAgent = new http.Agent({ keepAlive: true });
  readonly #httpsAgent = new https.Agent({ keepAlive: true });
  readonly #serverClock = new ServerClock();

  constructor(settings: TransportSettings) {
    this.#apiKey = settings.apiKey;
    this.#timeoutMs = settings.timeoutMs;
    this.#server = serverOf(settings.baseUrl);
    this.#http = axios.create({
      baseURL: settings.baseUrl,
      timeout: settings.timeoutMs,
      httpAgent: this.#httpAgent,
      httpsAgent: this.#httpsAgent,
      // Below the retry interceptor: every attempt, a retry included, waits for the cap and the rate.
      adapter: scheduledAdapter(settings, this.#serverClock),
      headers: { "x-api-key": settings.apiKey, "User-Agent": USER_AGENT, Accept: "application/json" },
      // Bodies are read as text and parsed here, so a non-JSON error page or an empty 204 is handled
      // in one place instead of by axios' silent JSON fallback.
      responseType: "text",
      transformResponse: [(data: unknown) => data],
      // A redirect would carry the x-api-key header to wherever it points: never follow one.
      maxRedirects: 0,
      transitional: { clarifyTimeoutError: true },
    });
    installRetryPolicy(this.#http, settings.maxRetries, settings.baseDelayMs);
  }

  /** Sends the request and parses the JSON body of its 2xx response with `schema`. */
  async send<T>(request: ApiRequest, schema: z.ZodType<T>): Promise<T> {
    const response = await this.#exchange(request);
    const requestId = response.headers["x-request-id"];
    const endpoint = {
      method: request.method,
      path: request.path,
      status: response.status,
      // Named in the error so that a body the client cannot use can be traced on the server's side.
      ...(typeof requestId === "string" && { requestId }),
    };
    const json = parseJson(response.data);
    if (json === undefined) {
      throw new ResponseValidationError(endpoint, [{ path: "", message: "body is not JSON" }]);
    }
    const result = schema.safeParse(json);
    if (!result.success) throw new ResponseValidationError(endpoint, issuesOf(result.error));
    return result.data;
  }

  /** Sends the request; any 2xx is success and its body (none, `{"status":"success"}`, ...) is ignored. */
  async sendIgnoringBody(request: ApiRequest): Promise<void> {
    await this.#exchange(request);
  }

  /**
   * The lowest time (epoch ms) the service's clock can read now, from the `Date` of its answers so far
   * (server-clock.ts); undefined before any dated answer.
   */
  serverTimeFloor(): number | undefined {
    return this.#serverClock.floor();
  }

  /** Closes the idle keep-alive sockets. The client stays usable (new sockets are opened on demand). */
  close(): void {
    this.#httpAgent.destroy();
    this.#httpsAgent.destroy();
  }

  async #exchange(request: ApiRequest): Promise<AxiosResponse<unknown>> {
    try {
      return await this.#http.request({
        method: request.method,
        url: request.path,
        params: request.query,
        data: request.body,
        beforeSend: request.beforeSend,
        ...(request.once ? { "axios-retry": { retries: 0 } } : {}),
      } as ScheduledRequestConfig);
    } catch (error) {
      if (error instanceof OperationStoppedError) throw error;
      throw this.#toApiError(request, error);
    }
  }

  /** Builds a clean error: nothing of the axios error (config, headers, body) is kept. */
  #toApiError(request: ApiRequest, error: unknown): Error {
    const redact = createRedactor([this.#apiKey, ...(request.secrets ?? [])]);
    const where = { method: request.method, path: request.path };
    if (!axios.isAxiosError(error)) {
      const name = error instanceof Error ? error.name : typeof error;
      return new ApiConnectionError({ ...where, serverMessage: `request failed (${name})` }, undefined);
    }
    if (error.response) {
      return errorFromResponse(where, error.response, redact);
    }
    if (isTimeoutCode(error.code)) {
      const serverMessage = `no response from ${this.#server} within ${this.#timeoutMs} ms`;
      return new ApiTimeoutError({ ...where, serverMessage }, this.#timeoutMs);
    }
    const code = error.code ?? error.cause?.name;
    return new ApiConnectionError(
      { ...where, serverMessage: `connection to ${this.#server} failed (${code ?? "unknown"})` },
      code,
    );
  }
}

/** An axios config carrying the request's hook to the adapter (axios keeps keys it does not know). */
type ScheduledRequestConfig = AxiosRequestConfig & { beforeSend?: () => void };

/** The base URL's origin: never any user or password a URL may carry. */
function serverOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return "the API";
  }
}

/**
 * The default axios adapter behind the process-wide concurrency cap and the account's adaptive rate; every
 * answer's `Date` goes to the server clock.
 */
function scheduledAdapter(settings: TransportSettings, serverClock: ServerClock): AxiosAdapter {
  const send = axios.getAdapter(axios.defaults.adapter);
  const limiter = concurrencyLimiter(settings.maxConcurrentRequests);
  const rate: AdaptiveRate = accountRate(settings.identity);
  if (settings.maxRequestsPerSecond !== undefined) rate.capAt(settings.maxRequestsPerSecond);
  return async (config: InternalAxiosRequestConfig) => {
    await unlessStopped(rate.admit());
    try {
      const sent = limiter.schedule(() => {
        // The last moment before the request leaves: a stopped call sends nothing more.
        throwIfStopped();
        (config as ScheduledRequestConfig).beforeSend?.();
        return send(config);
      });
      // A POST already sent is waited for: it may create something, and its caller decides what (stopping.ts).
      // A GET, PATCH or DELETE can be sent again by the next run, so a stop ends the wait for it at once: a
      // customTimeouts of 2 s is not 30 s because a request hangs.
      const response = await (config.method?.toUpperCase() === "POST" ? sent : unlessStopped(sent));
      serverClock.observe(response.headers.date);
      rate.succeeded({
        limitPerSecond: headerCount(response.headers, "x-ratelimit-limit"),
        remaining: headerCount(response.headers, "x-ratelimit-remaining"),
      });
      return response;
    } catch (error) {
      if (axios.isAxiosError(error) && error.response) {
        serverClock.observe(error.response.headers.date);
        if (error.response.status === 429) {
          const waitMs = throttlePauseMs(error, settings.baseDelayMs);
          rate.throttled({
            waitMs,
            limitPerSecond: headerCount(error.response.headers, "x-ratelimit-limit"),
          });
        }
      }
      throw error;
    }
  };
}

/** A rate-limit header as a count of requests, when the server sends a readable one. */
function headerCount(headers: AxiosResponse["headers"] | undefined, name: string): number | undefined {
  const raw: unknown = headers?.[name];
  return typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : undefined;
}

export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}
