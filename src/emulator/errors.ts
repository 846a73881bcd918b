/** The one error body every failing response carries, and the mapping of thrown errors onto it. */
import type { FastifyReply, FastifyRequest } from "fastify";

export interface ErrorBody {
  status: number;
  message: string;
  requestId: string;
  type?: string;
  name?: string;
  /** An object (BadRequestError.details in the service's document), e.g. `{issues: [...]}`. */
  details?: Record<string, unknown>;
}

const typeByStatus: Record<number, string> = {
  400: "BadRequestError",
  401: "AuthenticationError",
  403: "PermissionDeniedError",
  404: "NotFoundError",
  405: "MethodNotAllowedError",
  409: "ConflictError",
  413: "PayloadTooLargeError",
  414: "UriTooLongError",
  429: "RateLimitError",
  500: "InternalServerError",
  503: "ServiceUnavailableError",
};

/** An error the handlers throw on purpose; its message must never contain a secret or an API key. */
export class ApiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Details = Record<string, unknown>;

export const badRequest = (message: string, details?: Details) => new ApiHttpError(400, message, details);
export const notFound = (message: string) => new ApiHttpError(404, message);
export const conflict = (message: string, details?: Details) => new ApiHttpError(409, message, details);

export function errorBody(status: number, message: string, requestId: string, details?: Details): ErrorBody {
  const type = typeByStatus[status] ?? (status >= 500 ? "ServerError" : "ApiError");
  const body: ErrorBody = { status, type, name: type, message, requestId };
  if (details !== undefined) body.details = details;
  return body;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  details?: Details,
): FastifyReply {
  return reply
    .code(status)
    .header("x-request-id", request.id)
    .type("application/json; charset=utf-8")
    .send(errorBody(status, message, request.id, details));
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
}

/**
 * Status and message for anything thrown while handling a request. Fastify's own errors (bad JSON, wrong
 * content type, body too large, bad URL) keep their 4xx; a body that is not JSON is a 400 per the contract.
 * Anything unexpected becomes a 500 whose message says nothing about the input.
 */
export function describeError(error: unknown): { status: number; message: string; details?: Details } {
  if (error instanceof ApiHttpError)
    return { status: error.status, message: error.message, details: error.details };
  const { code, statusCode } = (typeof error === "object" && error !== null ? error : {}) as FastifyLikeError;
  switch (code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, message: "The request body must be JSON (Content-Type: application/json)" };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, message: "The request body is empty but Content-Type says JSON" };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, message: "The request body is not valid JSON" };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, message: "The request body is too large" };
    case "FST_ERR_BAD_URL":
      return { status: 400, message: "The request URL is malformed" };
    case "FST_ERR_MAX_PARAM_LENGTH":
      return { status: 414, message: "A path parameter is too long" };
  }
  if (error instanceof SyntaxError) return { status: 400, message: "The request body is not valid JSON" };
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: "The request could not be processed" };
  }
  return { status: 500, message: "Internal error in the emulator" };
}
