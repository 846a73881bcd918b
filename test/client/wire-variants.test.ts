import {
  ApiClient,
  ApiError,
  BadRequestError,
  collect,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
} from "../../src/client";
import { connectorRecord, sendJson, startLocalServer, type Handler, type LocalServer } from "./local-server";

/** Shapes real servers send besides the documented one, and the request side of the wire. */

const packageVersion = (require("../../package.json") as { version: string }).version;

const connector = { ...connectorRecord, authConfig: { client_id: "cid" } };

const trigger = {
  appId: "app-1",
  appKey: "github",
  appName: "github",
  display_name: "Star added",
  name: "GITHUB_STAR_ADDED_EVENT",
};

let server: LocalServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(handler: Handler): Promise<{ client: ApiClient; local: LocalServer }> {
  server = await startLocalServer(handler);
  return {
    client: new ApiClient({ baseUrl: server.url, apiKey: "k-123" }, { retryDelayScaleMs: 1 }),
    local: server,
  };
}

describe("tolerated response variants", () => {
  it("accepts displayName, every kind of default, nulls for absent fields, and keeps unknown fields", async () => {
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 200, {
        ...connector,
        authScheme: null,
        surprise: { kept: true },
        expectedInputFields: [
          { name: "a", displayName: "A", default: null },
          { name: "b", display_name: "B", default: "x" },
          { name: "c", default: { nested: 1 }, is_secret: true },
        ],
      }),
    );
    const record = await client.getIntegration("int-1");
    expect(record.surprise).toEqual({ kept: true });
    expect(record.authScheme).toBeUndefined();
    expect(record.expectedInputFields.map((f) => [f.display_name, f.default])).toEqual([
      ["A", null],
      ["B", "x"],
      [undefined, { nested: 1 }],
    ]);
  });

  // The real service sends both display_name and displayName on auth fields; a list field's default is a
  // list.
  it("reads an app's auth scheme fields: either label key, list defaults, who gives each field", async () => {
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 200, {
        items: [
          {
            key: "linear",
            name: "linear",
            auth_schemes: [
              {
                auth_mode: "OAUTH2",
                fields: [
                  { name: "client_id", display_name: "Client ID", expected_from_customer: false },
                  { name: "scopes", type: "array", default: ["read"], expected_from_customer: false },
                ],
              },
              {
                auth_mode: "API_KEY",
                fields: [
                  { name: "api_key", displayName: "API Key", expected_from_customer: true, required: true },
                ],
              },
              { name: "no auth_mode: left out" },
            ],
          },
        ],
        totalPages: 1,
      }),
    );
    const [app] = await client.listApps();
    expect(app?.auth_schemes?.map((scheme) => scheme.auth_mode)).toEqual(["OAUTH2", "API_KEY"]);
    const [oauth, apiKey] = app?.auth_schemes ?? [];
    expect(oauth?.fields.map((f) => [f.name, f.default, f.expected_from_customer])).toEqual([
      ["client_id", undefined, false],
      ["scopes", ["read"], false],
    ]);
    expect(apiKey?.fields).toEqual([
      {
        name: "api_key",
        display_name: "API Key",
        displayName: "API Key",
        expected_from_customer: true,
        required: true,
      },
    ]);
  });

  it("accepts a trigger list in an items envelope and displayName on triggers", async () => {
    const { display_name: _omitted, ...camel } = trigger;
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 200, { items: [{ ...camel, displayName: "Star added", extra: 1 }] }),
    );
    const [only] = await client.listTriggers();
    expect(only).toMatchObject({ display_name: "Star added", extra: 1 });
  });

  it("reads pageInfo as an object on active triggers and as an array on logs", async () => {
    const instance = { id: "ti-1", connectionId: "ca-1", triggerName: "T", triggerConfig: {} };
    const log = { id: "l-1", connectionId: "ca-1", appKey: "github", createdAt: "2025-01-01T00:00:00Z" };
    const { client, local } = await clientFor((req, res) => {
      const page = Number(new URL(req.url, "http://x").searchParams.get("page"));
      if (req.url.startsWith("/api/v1/triggers/active_triggers")) {
        return sendJson(res, 200, {
          triggers: [{ ...instance, id: `ti-${page}` }],
          pageInfo: { currentPage: page, perPage: 1, totalPages: 2 },
        });
      }
      sendJson(res, 200, {
        data: [{ ...log, id: `l-${page}` }],
        pageInfo: [{ currentPage: page, perPage: 1, totalPages: 3 }],
      });
    });
    expect((await collect(client.activeTriggers({ limit: 1 }))).map((t) => t.id)).toEqual(["ti-1", "ti-2"]);
    expect((await collect(client.triggerLogs({ limit: 1 }))).map((l) => l.id)).toEqual(["l-1", "l-2", "l-3"]);
    expect(local.requests).toHaveLength(5);
  });

  it("pages on while pages are full when pageInfo gives no totalPages", async () => {
    const { client, local } = await clientFor((req, res) => {
      const page = Number(new URL(req.url, "http://x").searchParams.get("page"));
      const count = page === 1 ? 2 : 1;
      const data = Array.from({ length: count }, (_, i) => ({
        id: `l-${page}-${i}`,
        connectionId: "c",
        appKey: "a",
        createdAt: "t",
      }));
      sendJson(res, 200, { data, pageInfo: [] });
    });
    expect(await collect(client.triggerLogs({ limit: 2 }))).toHaveLength(3);
    expect(local.requests).toHaveLength(2);
  });

  it.each([
    [204, ""],
    [200, '{"status":"success"}'],
    [202, "accepted"],
  ])("treats PATCH answered %i %j as success", async (status, body) => {
    const { client } = await clientFor((_req, res) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(status === 204 ? undefined : body);
    });
    await expect(client.updateIntegration("int-1", { enabled: true })).resolves.toBeUndefined();
  });
});

describe("error bodies", () => {
  it("reads the flat body", async () => {
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 404, {
        status: 404,
        type: "NotFoundError",
        message: "Integration abc not found",
        requestId: "req-1",
      }),
    );
    const error = await client.getIntegration("abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      "GET /api/v1/integrations/abc -> 404 Not Found: Integration abc not found (requestId req-1)",
    );
    expect(error).toMatchObject({ status: 404, requestId: "req-1", body: { type: "NotFoundError" } });
  });

  it("reads the nested body with its suggested fix", async () => {
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 400, {
        error: {
          message: "authScheme not supported",
          status: 400,
          request_id: "req-2",
          suggested_fix: "use OAUTH2",
        },
      }),
    );
    const error = await client.getIntegration("abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      serverMessage: "authScheme not supported",
      requestId: "req-2",
      body: { suggestedFix: "use OAUTH2" },
    });
  });

  it("reads a body that is not JSON, and a request id from the header", async () => {
    const { client } = await clientFor((_req, res) => {
      res.writeHead(502, { "content-type": "text/html", "x-request-id": "edge-9" });
      res.end("<html><body><h1>502 Bad Gateway</h1>\n<p>upstream died</p></body></html>");
    });
    const error = await client.deleteIntegration("abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).toBe(
      "DELETE /api/v1/integrations/abc -> 502 Bad Gateway: 502 Bad Gateway upstream died (requestId edge-9)",
    );
  });

  it("does not follow a redirect (it would carry the API key elsewhere)", async () => {
    const { client, local } = await clientFor((_req, res) => {
      res.writeHead(302, { location: "http://example.invalid/steal" }).end();
    });
    const error = await client.listApps().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 302 });
    expect(local.requests).toHaveLength(1);
  });
});

describe("response validation", () => {
  it("names the endpoint, the missing needed field and the request id, never the body", async () => {
    const { enabled: _enabled, ...withoutEnabled } = connector;
    const { client } = await clientFor((_req, res) =>
      sendJson(
        res,
        200,
        { ...withoutEnabled, authConfig: { client_id: "visible-value-42" } },
        { "x-request-id": "req-77" },
      ),
    );
    const error = await client.getIntegration("int-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    const message = (error as Error).message;
    expect(message).toBe(
      "GET /api/v1/integrations/int-1 -> 200 OK: unexpected response shape: enabled: is missing (needed) (requestId req-77)",
    );
    expect(error).toMatchObject({
      requestId: "req-77",
      issues: [{ path: "enabled", message: "is missing (needed)" }],
    });
    expect(JSON.stringify(error)).not.toContain("visible-value-42");
    expect(message).not.toContain("visible-value-42");
  });

  it("names the invalid item of a list and its field, in an envelope or a bare array", async () => {
    const bodies = [{ items: [trigger, { ...trigger, name: 3 }] }, [trigger, { ...trigger, name: 3 }]];
    const { client } = await clientFor((req, res) =>
      sendJson(res, 200, bodies[req.url.includes("x") ? 1 : 0]),
    );
    // `name` is an id the provider acts on: parsed strictly (src/client/TOLERANCE.md).
    await expect(client.listTriggers({ appNames: ["e"] })).rejects.toMatchObject({
      issues: [{ path: "items.1.name", message: "must be a string" }],
    });
    await expect(client.listTriggers({ appNames: ["x"] })).rejects.toMatchObject({
      issues: [{ path: "1.name", message: "must be a string" }],
    });
  });

  it("rejects a 2xx body that is not JSON", async () => {
    const { client } = await clientFor((_req, res) => {
      res.writeHead(200).end("<html>maintenance</html>");
    });
    await expect(client.listApps()).rejects.toThrow(
      "GET /api/v1/apps -> 200 OK: unexpected response shape: (root): body is not JSON",
    );
  });
});

describe("requests", () => {
  it("sends the key, a User-Agent with the version, and reuses one keep-alive connection", async () => {
    const { client, local } = await clientFor((_req, res) => sendJson(res, 200, []));
    await client.listTriggers();
    await client.listTriggers({ appNames: ["github"] });
    expect(local.requests[0].headers["x-api-key"]).toBe("k-123");
    expect(local.requests[0].headers["user-agent"]).toBe(`pulumi-integrations/${packageVersion}`);
    expect(local.requests[0].headers.connection).toBe("keep-alive");
    expect(local.requests[1].remotePort).toBe(local.requests[0].remotePort);
  });

  it("sends filters comma-separated and encodes path parameters", async () => {
    const { client, local } = await clientFor((req, res) =>
      req.url.startsWith("/api/v1/triggers") ? sendJson(res, 200, []) : sendJson(res, 200, connector),
    );
    await client.listTriggers({
      appNames: ["github", "", "slack"],
      triggerIds: ["A"],
      showEnabledOnly: true,
    });
    await client.getIntegration("a/b c?d");
    const query = new URL(local.requests[0].url, "http://x").searchParams;
    expect(query.get("appNames")).toBe("github,slack");
    expect(query.get("triggerIds")).toBe("A");
    expect(query.get("showEnabledOnly")).toBe("true");
    expect(query.has("integrationIds")).toBe(false);
    expect(local.requests[1].url).toBe("/api/v1/integrations/a%2Fb%20c%3Fd");
  });

  it("rejects an invalid body locally, naming the field, without sending it", async () => {
    const { client, local } = await clientFor((_req, res) => sendJson(res, 200, connector));
    const missingApp = await client.createIntegration({ name: "n" }).catch((e: unknown) => e);
    expect(missingApp).toBeInstanceOf(RequestValidationError);
    expect(missingApp).toBeInstanceOf(BadRequestError);
    expect((missingApp as Error).message).toContain("appName: one of appName or appId is required");
    const typo = await client
      .updateIntegration("int-1", { enable: false } as unknown as { enabled: boolean })
      .catch((e: unknown) => e);
    expect((typo as Error).message).toContain('Unrecognized key: "enable"');
    await expect(client.getIntegration("")).rejects.toThrow("integrationId: must be a non-empty string");
    expect(() => client.activeTriggers({ limit: 101 })).toThrow(RequestValidationError);
    expect(local.requests).toHaveLength(0);
  });

  it("validates its settings", () => {
    expect(() => new ApiClient({ baseUrl: "ftp://x", apiKey: "k" })).toThrow(
      "baseUrl: must be an http(s) URL",
    );
    expect(() => new ApiClient({ baseUrl: "http://x", apiKey: "" })).toThrow("apiKey: must not be empty");
    expect(() => new ApiClient({ baseUrl: "http://x", apiKey: "k", timeoutMs: 0 })).toThrow("timeoutMs");
    expect(() => new ApiClient({ baseUrl: "http://x", apiKey: "k", maxRetries: -1 })).toThrow("maxRetries");
  });
});
