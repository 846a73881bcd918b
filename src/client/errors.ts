import { STATUS_CODES } from "node:http";

/**
 * Typed errors of the API client. Callers branch on `instanceof`.
 *
 * These errors are built from scratch (never wrapping an axios error, whose `config` holds the API key
 * header and the request body with authConfig values), and every server-provided text they carry has
 * already been scrubbed of the request's secrets. `message`, the own properties, `toString()`,
 * `JSON.stringify` and `util.inspect` therefore never show a secret.
 */

/** The error body of a response, normalised from the flat, nested and non-JSON shapes servers send. */
export interface ErrorBody {
  message?: string;
  requestId?: string;
  type?: string;
  details?: unknown;
  suggestedFix?: string;
}

export interface ApiErrorInit {
  method: string;
  path: string;
  status?: number;
  requestId?: string;
  serverMessage: string;
  body?: ErrorBody;
}

export class ApiError extends Error {
  readonly method: string;
  /** Request path without the query string, e.g. `/api/v1/integrations/abc`. */
  readonly path: string;
  /** HTTP status; undefined when no response arrived (connection, timeout, local validation). */
  readonly status?: number;
  readonly requestId?: string;
  /** What the server (or the transport) said, secret-free. */
  readonly serverMessage: string;
  readonly body?: ErrorBody;

  constructor(init: ApiErrorInit, hint?: string) {
    super(formatMessage(init, hint));
    this.name = new.target.name;
    this.method = init.method;
    this.path = init.path;
    if (init.status !== undefined) this.status = init.status;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    this.serverMessage = init.serverMessage;
    if (init.body !== undefined) this.body = init.body;
  }
}

/** `GET /api/v1/integrations/abc -> 404 Not Found: Integration abc not found (requestId req-123)` */
function formatMessage(init: ApiErrorInit, hint: string | undefined): string {
  const outcome =
    init.status === undefined
      ? init.serverMessage
      : `${init.status} ${STATUS_CODES[init.status] ?? "Unknown"}`;
  const detail = init.status === undefined || init.serverMessage === "" ? "" : `: ${init.serverMessage}`;
  const requestId = init.requestId ? ` (requestId ${init.requestId})` : "";
  const suffix = hint ? ` ${hint}` : "";
  return oneLine(`${init.method} ${init.path} -> ${outcome}${detail}${requestId}${suffix}`);
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ");
}

export class BadRequestError extends ApiError {}

export class AuthenticationError extends ApiError {
  constructor(init: ApiErrorInit) {
    super(
      init,
      "Check the API key: set the secret stack config `integrations:apiKey` " +
        "(pulumi config set --secret integrations:apiKey ...) or the INTEGRATIONS_API_KEY environment variable.",
    );
  }
}

export class PermissionDeniedError extends ApiError {}

export class NotFoundError extends ApiError {}

export class ConflictError extends ApiError {}

export class RateLimitError extends ApiError {
  /** How long the server asked to wait (Retry-After), when it said so. */
  readonly retryAfterMs?: number;

  constructor(init: ApiErrorInit, retryAfterMs: number | undefined) {
    super(init);
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

export class ServerError extends ApiError {}

/** No response: the connection failed or was reset. `code` is the socket error code, e.g. ECONNRESET. */
export class ApiConnectionError extends ApiError {
  readonly code?: string;

  constructor(init: Omit<ApiErrorInit, "status">, code: string | undefined) {
    super(init);
    if (code !== undefined) this.code = code;
  }
}

/** No response within the client's timeout. */
export class ApiTimeoutError extends ApiError {
  readonly timeoutMs: number;

  constructor(init: Omit<ApiErrorInit, "status">, timeoutMs: number) {
    super(init);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A create whose response was lost (timeout, reset, 502-504), after which a connector holds the name but
 * cannot be proven to be the one the request made (see create-evidence.ts): it may be someone else's, so
 * it is not returned as this call's. `existingId` names it.
 */
export class UnprovenCreateError extends ApiError {
  readonly existingId: string;
  readonly doubts: string[];

  constructor(init: { method: string; path: string }, existingId: string, doubts: string[]) {
    super({
      ...init,
      serverMessage:
        `the response was lost, and connector ${existingId} now holds the name, but it cannot be proven to ` +
        `be the one this request created (${doubts.join("; ")}); it was not taken as this request's`,
    });
    this.existingId = existingId;
    this.doubts = doubts;
  }
}

export interface ValidationIssue {
  /** Dotted path of the failing field, e.g. `expectedInputFields.0.name` ("" for the whole body). */
  path: string;
  message: string;
}

/**
 * A 2xx response whose body does not have the expected shape. Names the endpoint and the failing
 * paths, never the body (it may hold secrets).
 */
export class ResponseValidationError extends ApiError {
  readonly issues: ValidationIssue[];

  constructor(
    init: { method: string; path: string; status: number; requestId?: string },
    issues: ValidationIssue[],
  ) {
    super({ ...init, serverMessage: `unexpected response shape: ${describeIssues(issues)}` });
    this.issues = issues;
  }
}

/**
 * A request rejected locally, before anything was sent, because its body or parameters are invalid.
 * It is a BadRequestError (a caller handling 400s handles this too) without a status.
 */
export class RequestValidationError extends BadRequestError {
  readonly issues: ValidationIssue[];

  constructor(init: { method: string; path: string }, issues: ValidationIssue[]) {
    super({ ...init, serverMessage: `invalid request (not sent): ${describeIssues(issues)}` });
    this.issues = issues;
  }
}

function describeIssues(issues: ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path || "(root)"}: ${issue.message}`).join("; ");
}

/**
 * With `forceNewIntegration: false`, the service answered a create with a connector it already had (another
 * name, or one made before the request left), or one it cannot date: nothing of it is taken.
 */
export class HandedBackError extends ApiError {
  readonly connector: { id: string; name: string };
  /** True when it holds the name asked for but the service's answers cannot date it: it may be new. */
  readonly mayBeNew: boolean;

  constructor(
    init: { method: string; path: string },
    connector: { id: string; name: string },
    mayBeNew: boolean,
  ) {
    super({
      ...init,
      serverMessage: mayBeNew
        ? `the service answered with connector ${connector.id} ("${connector.name}"), which cannot be dated ` +
          "against the request, so it may be an existing one handed back; it was not taken"
        : `the service handed back its existing connector ${connector.id} ("${connector.name}") instead of ` +
          "creating one",
    });
    this.connector = connector;
    this.mayBeNew = mayBeNew;
  }
}

/**
 * A connected account's create whose response was lost, while accounts of its connector appeared that may be
 * the one it made: dated by the service's clock at or after the POST left, or not datable. Accounts have no
 * unique key, so none is taken; the caller names them.
 */
export class LostAccountCreateError extends ApiError {
  readonly candidateIds: string[];

  constructor(init: { method: string; path: string }, candidateIds: string[]) {
    super({
      ...init,
      serverMessage:
        `the response was lost, and ${candidateIds.length} account(s) of the connector may be the one it ` +
        `made: ${candidateIds.join(", ")}`,
    });
    this.candidateIds = candidateIds;
  }
}
