/**
 * Builds the fastify app: request ids, the API-key check, fault injection (late commits included),
 * 404/405 handling, error mapping, durable persistence before a response leaves, and the request log.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { EmulatorContext } from "./context";
import type { LateCommits } from "./late-commits";
import type { ObservedResponse } from "./types";
import { describeError, sendError } from "./errors";
import { registerActiveTriggerRoutes } from "./routes/active-triggers";
import { registerAppRoutes } from "./routes/apps";
import { registerConnectedAccountRoutes } from "./routes/connected-accounts";
import { registerEmulatorRoutes } from "./routes/emulator";
import { registerIntegrationRoutes } from "./routes/integrations";
import { registerOpenApiRoute } from "./routes/openapi";
import { registerTriggerLogRoutes } from "./routes/trigger-logs";
import { registerTriggerInstanceRoutes } from "./routes/trigger-instances";
import { registerTriggerRoutes } from "./routes/triggers";
import { registerWebhookRoutes } from "./routes/webhook";

export interface ServerOptions {
  quiet: boolean;
  /** Resolves once every change is durable; called before any response is written. */
  persist: () => Promise<void>;
  /** Hears every response sent (see EmulatorOptions.observeResponse). */
  observeResponse?: (response: ObservedResponse) => void;
  /** Where the `lateCommitMs` fault's writes wait until they are applied. */
  lateCommits: LateCommits;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const OPEN_PATHS = new Set(["/_emulator/health"]);

const pathOf = (url: string): string => url.split("?", 1)[0] ?? url;
const needsApiKey = (path: string): boolean =>
  (path.startsWith("/api/") || path.startsWith("/_emulator/")) && !OPEN_PATHS.has(path);
const isApiRoute = (route: string | undefined): route is string =>
  route !== undefined && route.startsWith("/api/v1/");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Marks a late commit being applied (a request the server sends to itself again). Its value is a random
 * token made per server and never sent to a client: a client cannot know it, so it cannot skip faults or
 * the request log with it.
 */
const LATE_COMMIT_HEADER = "x-emulator-late-commit";
/** Headers about the connection the original request came on; the request sent again sets its own. */
const CONNECTION_HEADERS = new Set([
  "connection",
  "content-length",
  "expect",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
]);

export function buildServer(context: EmulatorContext, options: ServerOptions): FastifyInstance {
  const keyToTenant = new Map(context.apiKeys.map((key, index) => [key, index]));
  const lateCommitToken = randomBytes(32).toString("base64url");
  const app = Fastify({
    logger: options.quiet ? false : { level: "info" },
    // One line per request is written by the close listener below, without headers.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => `req_${randomUUID()}`,
    requestIdHeader: false,
    forceCloseConnections: true,
    // Bad URLs and over-long path parameters fail before routing (and before any hook).
    frameworkErrors: (error, request, reply) => {
      const { status, message } = describeError(error);
      recordWhenClosed(context, app, request, reply);
      sendError(request, reply, status, message);
    },
  });
  // Only JSON bodies are accepted; fastify would otherwise parse text/plain into a string. An empty body
  // sent with a JSON content type (common on DELETE from HTTP clients with default headers) is no body.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    request.rawBody = text;
    if (text === "") return done(null, undefined);
    parseJson(request, text, done);
  });
  app.decorateRequest("tenant", null);
  app.decorateRequest("faultDecision", null);
  app.decorateRequest("rawBody", null);
  app.decorateRequest("lateCommitReplay", false);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // A late commit's application: its request was recorded (as reset) when the client sent it.
    request.lateCommitReplay = request.headers[LATE_COMMIT_HEADER] === lateCommitToken;
    if (!request.lateCommitReplay) recordWhenClosed(context, app, request, reply);
  });

  app.addHook("onRequest", async (request, reply) => {
    const path = pathOf(request.url);
    if (needsApiKey(path)) {
      const key = request.headers["x-api-key"];
      const tenant = typeof key === "string" ? keyToTenant.get(key) : undefined;
      if (tenant === undefined) {
        return sendError(
          request,
          reply,
          401,
          "Missing or invalid API key: send a valid key in the x-api-key header",
        );
      }
      request.tenant = tenant;
    }
    // Answered here, before any body is parsed, so that a bad body on an unknown route is still a 404.
    if (request.is404) return notFound(request, reply);
  });

  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url;
    if (request.tenant === null || !isApiRoute(route) || request.routeOptions.config.methodNotAllowed) return;
    if (request.lateCommitReplay) return;
    const decision = context.faults.decide(request.method, route, request.tenant);
    if (!decision) return;
    request.faultDecision = decision;
    reply.headers(decision.headers);
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    const outcome = decision.outcome;
    if (outcome?.kind === "error") {
      return sendError(request, reply, 503, "Service temporarily unavailable (injected)");
    }
    if (outcome?.kind === "throttle") {
      reply.headers(outcome.headers);
      return sendError(request, reply, 429, "Rate limit exceeded (injected)");
    }
    if (outcome?.kind === "reset" && !outcome.afterHandler) {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    // A late commit needs the body, which is parsed after this hook: the preHandler below acts on it.
  });

  // A late commit: the client's connection is reset now, and the request, as it was sent, is sent again
  // `afterMs` later to this server (marked, so that it gets no faults and no request log entry). Over
  // HTTP rather than with app.inject: light-my-request needs an ESM-only dependency that test runners
  // loading CommonJS (Jest) cannot load.
  app.addHook("preHandler", async (request, reply) => {
    const outcome = request.faultDecision?.outcome;
    if (outcome?.kind !== "lateCommit") return;
    const tenant = request.tenant;
    const route = request.routeOptions.url ?? "";
    const replay: Replay = {
      method: request.method,
      url: request.url,
      headers: { ...replayHeaders(request.headers), [LATE_COMMIT_HEADER]: lateCommitToken },
      body: request.rawBody,
    };
    reply.hijack();
    request.raw.socket.destroy();
    options.lateCommits.schedule(
      outcome.afterMs,
      async () => {
        const statusCode = await sendToSelf(app, replay);
        app.log.info(
          { method: replay.method, route, url: replay.url, statusCode, tenant },
          "late commit applied",
        );
      },
      (error) => app.log.error({ err: error, method: replay.method, route, tenant }, "late commit failed"),
    );
    return reply;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    // The Date of an answer is the server's own clock (RFC 9110 §6.6.1), the one its createdAt values come
    // from: offset like them for the caller's key (clock.ts). A client may bound the server's time by it.
    reply.header("date", context.clock.date(request.tenant ?? undefined).toUTCString());
    // Reads change nothing; a write is answered only once it is on disk.
    if (request.method !== "GET" && request.method !== "HEAD") await options.persist();
    const outcome = request.faultDecision?.outcome;
    // The effect is applied and durable; the response is lost on the way (what a client sees as a reset).
    // A late commit answered here never reached its handler (its body was refused before): the client
    // still sees a reset, and there is nothing to apply later (it would be refused again).
    if (outcome?.kind === "reset" || outcome?.kind === "lateCommit") request.raw.socket.destroy();
    return payload;
  });

  const observe = options.observeResponse;
  if (observe) {
    app.addHook("onSend", async (request, reply, payload) => {
      observe({
        method: request.method,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        contentType: String(reply.getHeader("content-type") ?? ""),
        body:
          typeof payload === "string"
            ? payload
            : payload === undefined || payload === null
              ? ""
              : String(payload),
      });
      return payload;
    });
  }

  app.setErrorHandler((error, request, reply) => {
    const { status, message, details } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    return sendError(request, reply, status, message, details);
  });
  app.setNotFoundHandler(notFound);

  const methodsByPath = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByPath.set(route.url, methods);
  });

  registerAppRoutes(app, context);
  registerTriggerRoutes(app, context);
  registerTriggerInstanceRoutes(app, context);
  registerActiveTriggerRoutes(app, context);
  registerWebhookRoutes(app, context);
  registerTriggerLogRoutes(app, context);
  registerIntegrationRoutes(app, context);
  registerConnectedAccountRoutes(app, context);
  registerEmulatorRoutes(app, context);
  registerOpenApiRoute(app);
  registerMethodNotAllowed(app, methodsByPath);
  return app;
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(request, reply, 404, `No route ${request.method} ${pathOf(request.url).slice(0, 200)}`);
}

/** A wrong method on a known path is a 405 (fastify alone would say 404), answered before the body is read. */
function registerMethodNotAllowed(app: FastifyInstance, methodsByPath: Map<string, Set<string>>): void {
  for (const [url, methods] of [...methodsByPath]) {
    if (methods.has("GET")) methods.add("HEAD");
    const missing = HTTP_METHODS.filter((method) => !methods.has(method));
    if (missing.length === 0) continue;
    const allow = [...methods].sort().join(", ");
    app.route({
      method: missing,
      url,
      exposeHeadRoute: false,
      config: { methodNotAllowed: true },
      onRequest: async (request, reply) => {
        reply.header("allow", allow);
        return sendError(
          request,
          reply,
          405,
          `Method ${request.method} is not allowed on ${url}; use ${allow}`,
        );
      },
      handler: async () => undefined,
    });
  }
}

/** Records every request once its connection is done with it, whether answered or reset. */
function recordWhenClosed(
  context: EmulatorContext,
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const startedAt = performance.now();
  reply.raw.once("close", () => {
    const decision = request.faultDecision;
    const lost = decision?.outcome?.kind === "reset" || decision?.outcome?.kind === "lateCommit";
    const answered = reply.raw.writableFinished && !lost;
    const entry = {
      method: request.method,
      route: request.routeOptions.url ?? "",
      url: request.url,
      statusCode: answered ? reply.raw.statusCode : 0,
      responseTimeMs: Math.round((performance.now() - startedAt) * 100) / 100,
      tenant: request.tenant,
      fault: decision?.kind ?? null,
    };
    context.requestLog.record(entry);
    app.log.info(entry, "request");
  });
}

/** The headers of a request to apply again, as sent, less those about its connection. */
function replayHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !CONNECTION_HEADERS.has(name) && name !== LATE_COMMIT_HEADER)
      kept[name] = value;
  }
  return kept;
}

interface Replay {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  body: string | null;
}

/** Sends a request to this server, over loopback when it listens on every interface; resolves with its status. */
function sendToSelf(app: FastifyInstance, replay: Replay): Promise<number> {
  const address = app.server.address() as AddressInfo | null;
  if (address === null) return Promise.reject(new Error("the server is not listening"));
  const host =
    address.address === "0.0.0.0" ? "127.0.0.1" : address.address === "::" ? "::1" : address.address;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host,
        port: address.port,
        method: replay.method,
        path: replay.url,
        headers: replay.headers,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(replay.body ?? undefined);
  });
}
