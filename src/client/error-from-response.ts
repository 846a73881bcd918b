import type { AxiosResponse } from "axios";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  type ApiErrorInit,
  type ErrorBody,
} from "./errors";
import { parseJson } from "./json";
import type { Redactor } from "./redact";
import { parseRetryAfterMs } from "./retry-policy";
import { flatErrorBodySchema, nestedErrorBodySchema } from "./schemas";

/** Longest piece of a non-JSON error body (an HTML error page, say) kept as the server's message. */
const MAX_TEXT_MESSAGE = 200;

/** The typed error of a non-2xx response, with the server's text scrubbed by `redact`. */
export function errorFromResponse(
  where: { method: string; path: string },
  response: AxiosResponse<unknown>,
  redact: Redactor,
): ApiError {
  const body = redact(readErrorBody(response.data));
  const headerRequestId = response.headers["x-request-id"];
  const requestId =
    body.requestId ?? (typeof headerRequestId === "string" ? redact(headerRequestId) : undefined);
  const init: ApiErrorInit = {
    ...where,
    status: response.status,
    ...(requestId !== undefined && { requestId }),
    serverMessage: body.message ?? "",
    ...(Object.keys(body).length > 0 && { body }),
  };
  switch (response.status) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new PermissionDeniedError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 429:
      return new RateLimitError(init, parseRetryAfterMs(response.headers["retry-after"]));
    default:
      return response.status >= 500 ? new ServerError(init) : new ApiError(init);
  }
}

/**
 * Reads every error body shape of TOLERANCE.md into one: flat, nested (`{error: {...}}`), `{message}`,
 * `{detail}`, a JSON string, non-JSON text (an HTML error page) and an empty body (then the status and the
 * x-request-id header are all there is).
 */
export function readErrorBody(data: unknown): ErrorBody {
  const json = parseJson(data);
  if (json === undefined) return withoutUndefined({ message: summariseText(data) });
  if (typeof json === "string") return withoutUndefined({ message: json });
  const nested = nestedErrorBodySchema.safeParse(json);
  if (nested.success) {
    const inner = nested.data.error;
    if (typeof inner === "string") return withoutUndefined({ message: inner });
    return withoutUndefined({
      message: inner.message,
      requestId: inner.request_id ?? inner.requestId,
      type: inner.type,
      details: inner.details,
      suggestedFix: inner.suggested_fix,
    });
  }
  const flat = flatErrorBodySchema.safeParse(json);
  if (!flat.success) return {};
  return withoutUndefined({
    message: flat.data.message ?? flat.data.detail,
    requestId: flat.data.requestId ?? flat.data.request_id,
    type: flat.data.type ?? flat.data.name,
    details: flat.data.details,
  });
}

function summariseText(data: unknown): string | undefined {
  if (typeof data !== "string") return undefined;
  const text = data
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return undefined;
  return text.length > MAX_TEXT_MESSAGE ? `${text.slice(0, MAX_TEXT_MESSAGE)}...` : text;
}

function withoutUndefined(body: ErrorBody): ErrorBody {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as ErrorBody;
}
