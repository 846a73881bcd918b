import {
  ApiClient,
  ApiConnectionError,
  ApiTimeoutError,
  BadRequestError,
  ConflictError,
  HandedBackError,
  ServerError,
  UnprovenCreateError,
} from "../../src/client";
import { OperationStoppedError, stoppable } from "../../src/client/stopping";
import http from "node:http";
import {
  connectorRecord as connector,
  sendJson,
  startLocalServer,
  type LocalServer,
  type SeenRequest,
} from "./local-server";

/** Retry, timeout and reset mechanics over real HTTP, against a scripted local server. */

/**
 * The client timeout of the tests where the server must see a request before the client gives up on it.
 * Server and client share this process's event loop: if it stalls longer than the timeout (a loaded
 * machine), the client's timer fires before the server has read the request, which then never counts.
 */
const ROUND_TRIP_GUARD_MS = 1000;

let server: LocalServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientOf(local: LocalServer, settings: { timeoutMs?: number; maxRetries?: number } = {}): ApiClient {
  return new ApiClient({ baseUrl: local.url, apiKey: "test-key", ...settings }, { retryDelayScaleMs: 5 });
}

describe("idempotent requests", () => {
  it("retries a GET after 503s and returns the eventual success", async () => {
    server = await startLocalServer((_req, res, index) =>
      index < 2 ? sendJson(res, 503, { message: "busy" }) : sendJson(res, 200, connector),
    );
    await expect(clientOf(server).getIntegration("int-1")).resolves.toMatchObject({ id: "int-1" });
    expect(server.requests).toHaveLength(3);
  });

  it("retries PATCH and DELETE on 5xx and 408", async () => {
    server = await startLocalServer((req, res, index) => {
      if (index % 2 === 0) return sendJson(res, req.method === "PATCH" ? 408 : 500, { message: "again" });
      res.writeHead(204).end();
    });
    const client = clientOf(server);
    await client.updateIntegration("int-1", { enabled: false });
    await client.deleteIntegration("int-1");
    expect(server.requests.map((r) => r.method)).toEqual(["PATCH", "PATCH", "DELETE", "DELETE"]);
  });

  it("gives up after maxRetries with the last error", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, 502, { message: "bad gateway" }));
    await expect(clientOf(server, { maxRetries: 2 }).getIntegration("int-1")).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(server.requests).toHaveLength(3);
  });

  it("does not retry a 4xx", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, 400, { message: "nope" }));
    await expect(clientOf(server).getIntegration("int-1")).rejects.toBeInstanceOf(BadRequestError);
    expect(server.requests).toHaveLength(1);
  });

  it("retries a GET whose connection is reset", async () => {
    server = await startLocalServer((_req, res, index) =>
      index === 0 ? res.socket?.destroy() : sendJson(res, 200, connector),
    );
    await expect(clientOf(server).getIntegration("int-1")).resolves.toMatchObject({ id: "int-1" });
    expect(server.requests).toHaveLength(2);
  });

  it("retries a GET that timed out, each attempt getting the full timeout", async () => {
    server = await startLocalServer((_req, res, index) => {
      if (index === 0) return; // never answered
      sendJson(res, 200, connector);
    });
    // Had the retry been given what is left of the first attempt's timeout (axios-retry's default), that
    // would be nothing: axios-retry then gives up without sending it (one request, an ApiTimeoutError).
    await expect(
      clientOf(server, { timeoutMs: ROUND_TRIP_GUARD_MS }).getIntegration("int-1"),
    ).resolves.toMatchObject({ id: "int-1" });
    expect(server.requests).toHaveLength(2);
  });

  it("reports a timeout as ApiTimeoutError after the retries", async () => {
    server = await startLocalServer(() => undefined);
    const error = await clientOf(server, { timeoutMs: ROUND_TRIP_GUARD_MS, maxRetries: 1 })
      .getIntegration("int-1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toMatchObject({ status: undefined, timeoutMs: ROUND_TRIP_GUARD_MS, method: "GET" });
    expect((error as Error).message).toBe(
      `GET /api/v1/integrations/int-1 -> no response from ${new URL(server.url).origin} within ${ROUND_TRIP_GUARD_MS} ms`,
    );
    expect(server.requests).toHaveLength(2);
  });

  it("reports a refused connection as ApiConnectionError without retrying it", async () => {
    server = await startLocalServer(() => undefined);
    const url = server.url;
    await server.close();
    server = undefined;
    const client = new ApiClient({ baseUrl: url, apiKey: "k" }, { retryDelayScaleMs: 5 });
    const error = await client.getIntegration("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiConnectionError);
    expect(error).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("honours Retry-After on a 429", async () => {
    let throttledAt = 0;
    server = await startLocalServer((_req, res, index) => {
      if (index > 0) return sendJson(res, 200, []);
      sendJson(res, 429, { message: "slow down" }, { "retry-after": "1" });
      throttledAt = performance.now();
    });
    await clientOf(server).listTriggers();
    expect(server.requests).toHaveLength(2);
    // Measured where it is decided: from the 429's answer to the retry's arrival. A lower bound only, the
    // wait asked for (less the whole millisecond Node's timers count in): a loaded machine makes the retry
    // later, never sooner. How much later it may come is retry-policy.test.ts's (retryDelayMs, no clock).
    expect((server.requests[1] as SeenRequest).arrivedAt - throttledAt).toBeGreaterThanOrEqual(999);
  });

  it("waits out 429s beyond maxRetries while the service keeps answering", async () => {
    server = await startLocalServer((_req, res, index) =>
      index < 4
        ? sendJson(res, 429, { message: "slow down" }, { "retry-after": "0" })
        : sendJson(res, 200, []),
    );
    await expect(clientOf(server, { maxRetries: 1 }).listTriggers()).resolves.toEqual([]);
    expect(server.requests).toHaveLength(5);
  });

  it("stops waiting out 429s at once when the call is stopped (customTimeouts, Cancel), naming the stop", async () => {
    server = await startLocalServer((_req, res) =>
      sendJson(res, 429, { message: "slow down" }, { "retry-after": "30" }),
    );
    const stop = new AbortController();
    const started = performance.now();
    const waiting = stoppable(stop.signal, () => clientOf(server!, { maxRetries: 1 }).listTriggers());
    setTimeout(() => stop.abort(new OperationStoppedError("timed out after 300 ms")), 300);
    await expect(waiting).rejects.toThrow("timed out after 300 ms");
    // Stopped during the 30 s the service asked for, not after it.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(server.requests).toHaveLength(1);
  });

  it("raises RateLimitError with retryAfterMs for a 429 that is not retried (maxRetries 0 does not matter)", async () => {
    server = await startLocalServer((_req, res) =>
      sendJson(res, 429, { message: "slow down" }, { "retry-after": "0" }),
    );
    const stop = new AbortController();
    const error = await stoppable(stop.signal, async () => {
      const call = clientOf(server!, { maxRetries: 0 }).listTriggers();
      setTimeout(() => stop.abort(new OperationStoppedError("stopped")), 200);
      return call;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationStoppedError);
    expect(server.requests.length).toBeGreaterThan(1);
  });
});

describe("POST", () => {
  it("is not re-sent after a 5xx when it is not a create", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, 503, { message: "busy" }));
    await expect(clientOf(server).createConnectedAccount({ integrationId: "int-1" })).rejects.toBeInstanceOf(
      ServerError,
    );
    // One POST; around it the client's one dated answer (any status will do, so it is not retried) and,
    // after the lost response, the connector's accounts it would name.
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(server.requests.filter((r) => r.url === "/api/v1/client/auth/client_info")).toHaveLength(1);
  });

  it("is re-sent after a 429 (refused before any processing)", async () => {
    let posts = 0;
    server = await startLocalServer((req, res) =>
      req.method === "POST" && posts++ === 0
        ? sendJson(res, 429, { message: "slow down" }, { "retry-after": "0" })
        : sendJson(res, 200, { connectionStatus: "ACTIVE", connectedAccountId: "ca-1" }),
    );
    await expect(clientOf(server).createConnectedAccount({ integrationId: "int-1" })).resolves.toMatchObject({
      connectedAccountId: "ca-1",
    });
    expect(posts).toBe(2);
  });
});

describe("createIntegration after a lost response", () => {
  /**
   * A server that applies the first POST but never answers it: the client times out; a POST sent again meets
   * the name taken, as names are unique (409). `heldBefore`: a connector of that name was made 10 s before
   * the request (another's). The server has one clock, `clockOffsetMs` off this machine's: its `Date`
   * header and its `createdAt` both come from it (ms precision, as the service's document has it).
   */
  async function startSilentCreator(
    shown: Record<string, unknown> = {},
    heldBefore = false,
    clockOffsetMs = 0,
  ) {
    const serverNow = () => new Date(Date.now() + clockOffsetMs);
    let createdAt = heldBefore ? new Date(serverNow().getTime() - 10_000).toISOString() : undefined;
    return startLocalServer((req, res) => {
      res.setHeader("date", serverNow().toUTCString());
      if (req.method === "POST") {
        if (createdAt !== undefined) return sendJson(res, 409, { message: "name taken" });
        createdAt = serverNow().toISOString();
        return;
      }
      if (req.method === "PATCH") return res.writeHead(204).end();
      const record = { ...connector, createdAt, ...shown };
      const exists = createdAt !== undefined;
      if (req.url.startsWith("/api/v1/integrations?")) {
        return sendJson(res, 200, { items: exists ? [record] : [], totalPages: 1, page: 1 });
      }
      sendJson(res, 200, record);
    });
  }

  it("recovers the connector the lost POST provably created, and sets its authConfig again", async () => {
    server = await startSilentCreator();
    const record = await clientOf(server, { timeoutMs: ROUND_TRIP_GUARD_MS }).createIntegration({
      name: "my-github",
      appName: "github",
      authConfig: { client_id: "id-1", client_secret: "s3cret" },
    });
    expect(record.id).toBe("int-1");
    const calls = server.requests.map((r) => `${r.method} ${r.url.split("?")[0]}`);
    // A dated answer before the POST (the client's first request); after the loss the POST again, whose 409
    // sends the client to the holder: made after the first POST left, by the service's clock, so this call's.
    expect(calls).toEqual([
      "GET /api/v1/client/auth/client_info",
      "POST /api/v1/integrations",
      "POST /api/v1/integrations",
      "GET /api/v1/integrations",
      "GET /api/v1/integrations/int-1",
      "PATCH /api/v1/integrations/int-1",
    ]);
    expect(server.requests[3].url).toContain("showDisabled=true");
    expect(JSON.parse(server.requests[5].body)).toEqual({
      authConfig: { client_id: "id-1", client_secret: "s3cret" },
    });
  });

  it("takes it with the server's clock an hour behind ours: only the server's clock is compared with itself", async () => {
    server = await startSilentCreator({}, false, -3_600_000);
    const record = await clientOf(server, { timeoutMs: ROUND_TRIP_GUARD_MS }).createIntegration({
      name: "my-github",
      appName: "github",
    });
    expect(record.id).toBe("int-1");
  });

  it.each([
    ["that held the name before the request", {}, true],
    ["of another app", { appName: "gitlab" }, false],
    ["with another visible authConfig value", { authConfig: { client_id: "someone-else" } }, false],
  ])(
    "does not take a namesake %s as its own: no POST of the call made anything, and the 409 stands",
    async (_case, shown, heldBefore) => {
      server = await startSilentCreator(shown, heldBefore);
      const error = await clientOf(server, { timeoutMs: ROUND_TRIP_GUARD_MS })
        .createIntegration({
          name: "my-github",
          appName: "github",
          authConfig: { client_id: "id-1" },
          forceNewIntegration: true,
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect(server.requests.map((r) => r.method)).not.toContain("PATCH");
    },
  );

  it.each([
    ["does not show its createdAt", { createdAt: undefined }],
    ["shows only the day it was made", { createdAt: new Date().toISOString().slice(0, 10) }],
  ])(
    "does not take a holder the service's answers cannot date (it %s): UnprovenCreateError names it",
    async (_case, shown) => {
      server = await startSilentCreator(shown);
      const error = await clientOf(server, { timeoutMs: ROUND_TRIP_GUARD_MS })
        .createIntegration({ name: "my-github", appName: "github", forceNewIntegration: true })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnprovenCreateError);
      expect((error as UnprovenCreateError).existingId).toBe("int-1");
      expect((error as UnprovenCreateError).message).toContain("the service's answers do not date it");
      expect(server.requests.map((r) => r.method)).not.toContain("PATCH");
    },
  );

  it("sends the POST again after a 503, and takes its answer", async () => {
    let posts = 0;
    server = await startLocalServer((req, res) => {
      if (req.method === "POST") {
        posts++;
        return posts === 1 ? sendJson(res, 503, { message: "busy" }) : sendJson(res, 200, connector);
      }
      sendJson(res, 200, { items: [{ ...connector, name: "other" }], totalPages: 1, page: 1 });
    });
    await expect(
      clientOf(server).createIntegration({ name: "my-github", appName: "github", forceNewIntegration: true }),
    ).resolves.toMatchObject({
      id: "int-1",
    });
    expect(posts).toBe(2);
  });

  it("ignores a deleted connector of the same name", async () => {
    let posts = 0;
    server = await startLocalServer((req, res) => {
      if (req.method === "POST") {
        posts++;
        return posts === 1 ? res.socket?.destroy() : sendJson(res, 200, { ...connector, id: "int-2" });
      }
      sendJson(res, 200, { items: [{ ...connector, deleted: true }], totalPages: 1, page: 1 });
    });
    const record = await clientOf(server).createIntegration({
      name: "my-github",
      appName: "github",
      forceNewIntegration: true,
    });
    expect(record.id).toBe("int-2");
    expect(posts).toBe(2);
  });

  it("without forceNewIntegration: true, refuses a connector the service hands back instead of making one", async () => {
    // The service's default hands back one of the app's connectors: another name, or one made before.
    server = await startLocalServer((_req, res) =>
      sendJson(res, 200, { ...connector, name: "the-apps-first" }),
    );
    const error = await clientOf(server)
      .createIntegration({ name: "my-github", appName: "github" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HandedBackError);
    expect((error as HandedBackError).connector).toEqual({ id: "int-1", name: "the-apps-first" });
  });

  it("never retries a 4xx", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, 409, { message: "name taken" }));
    await expect(
      clientOf(server).createIntegration({ name: "my-github", appName: "github", forceNewIntegration: true }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  it("stops after maxRetries POSTs", async () => {
    server = await startLocalServer((req, res) =>
      req.method === "POST"
        ? sendJson(res, 504, { message: "gateway timeout" })
        : sendJson(res, 200, { items: [], totalPages: 1, page: 1 }),
    );
    await expect(
      clientOf(server, { maxRetries: 2 }).createIntegration({
        name: "n",
        appName: "github",
        forceNewIntegration: true,
      }),
    ).rejects.toBeInstanceOf(ServerError);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(3);
  });
});

describe("a server that is not listening yet", () => {
  it("is tried again, POST included: a refused connection never reached it", async () => {
    const probe = await startLocalServer((_req, res) => sendJson(res, 200, connector));
    const url = probe.url;
    await probe.close();
    const client = new ApiClient(
      { baseUrl: url, apiKey: "test-key", maxRetries: 6 },
      { retryDelayScaleMs: 100 },
    );
    const port = Number(new URL(url).port);
    // The server comes back on the same port once the client's POST was refused (the second refused
    // connection, seen on the socket the client's agent made: the first is the client's one dated answer,
    // which it asks for once), not after a fixed time that a slow first attempt could outlast.
    const createConnection = http.Agent.prototype.createConnection;
    let refusals = 0;
    const refused = new Promise<void>((resolve) => {
      jest.spyOn(http.Agent.prototype, "createConnection").mockImplementation(function (
        this: http.Agent,
        ...args: Parameters<typeof createConnection>
      ) {
        const socket = createConnection.apply(this, args);
        socket?.once("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "ECONNREFUSED" && ++refusals === 2) resolve();
        });
        return socket;
      });
    });
    const restarted = refused.then(() =>
      startLocalServer(
        (req, res) =>
          req.method === "GET"
            ? sendJson(res, 200, { items: [], totalPages: 1, page: 1 })
            : sendJson(res, 200, connector),
        port,
      ),
    );
    const created = await client
      .createIntegration({ name: "my-github", appName: "github", forceNewIntegration: true })
      .finally(async () => {
        jest.restoreAllMocks();
        server = await restarted;
      });
    expect(created.id).toBe("int-1");
    // The POST met the refused connection and was tried again, reaching the server once.
    expect((await restarted).requests.map((request) => request.method)).toEqual(["POST"]);
  });
});
