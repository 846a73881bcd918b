/**
 * The tolerance rule (src/client/TOLERANCE.md), one shape at a time: a scripted server answers with a
 * body real servers have sent, and both the public client and the Connector's provider handlers (the
 * functions `pulumi-integrations/dynamic` exports) must cope, or fail naming the field and request id.
 */
import type http from "node:http";
import { ApiClient, ApiError, ResponseValidationError, type ConnectorRecord } from "../../src/client";
import { createConnectorHandlers, type ConnectorHandlers } from "../../src/resources/connector/handlers";
import type { CheckedConnectorInputs } from "../../src/resources/connector/definition";
import type { ConnectorOutputs } from "../../src/resources/connector/definition";
import { connectorRecord, sendJson, startLocalServer, type LocalServer } from "./local-server";

const record = { ...connectorRecord, authScheme: "OAUTH2", authConfig: { client_id: "cid" } };

const inputs: CheckedConnectorInputs = {
  name: "my-github",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: { client_id: "cid", client_secret: "the-secret-value" },
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
};

const state: ConnectorOutputs = {
  name: "my-github",
  appId: "app-1",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: inputs.authConfig,
  enabled: true,
  useServiceAuth: false,
  forceNewIntegration: true,
  deletionPolicy: "delete",
  lastApplied: { name: "my-github", appName: "github", authScheme: "OAUTH2", useServiceAuth: false },
};

type Answer = (response: http.ServerResponse) => void;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server answering GETs and POSTs of a connector with `record`, PATCHes and DELETEs with `write`. */
async function serve(answers: { read?: Answer; write?: Answer }) {
  server = await startLocalServer((request, response) => {
    // The listing a create takes first (the lost-create evidence) finds no namesake.
    if (request.method === "GET" && request.url.startsWith("/api/v1/integrations?")) {
      return sendJson(response, 200, { items: [], totalPages: 1, page: 1 });
    }
    const answer = request.method === "PATCH" || request.method === "DELETE" ? answers.write : answers.read;
    (answer ?? ((res: http.ServerResponse) => sendJson(res, 200, record)))(response);
  });
  const client = new ApiClient({ baseUrl: server.url, apiKey: "k-1", maxRetries: 0 });
  const connector = createConnectorHandlers();
  await connector.configure({
    config: {
      get: (key: string) =>
        ({
          "integrations:apiKey": "k-1",
          "integrations:baseUrl": server?.url,
          "integrations:maxRetries": "0",
        })[key],
    },
  });
  return { client, connector };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (response) =>
    sendJson(response, status, body, headers);

/** Every Connector operation that reads a record: create (POST), read (GET) and update (PATCH, then GET). */
async function throughHandlers(connector: ConnectorHandlers) {
  const created = await connector.create(inputs);
  const read = await connector.read("int-1", state);
  const updated = await connector.update("int-1", state, { ...inputs, enabled: false });
  return { created: created.outs, read: read.props, updated: updated.outs };
}

describe("informational fields of a connector record: absent, null or odd, the call still works", () => {
  /** Each case checks the client's record and, where the Connector stores the field, its outputs. */
  const variants: [
    string,
    Record<string, unknown>,
    { record?: (parsed: ConnectorRecord) => void; outs?: (outs: ConnectorOutputs) => void },
  ][] = [
    [
      "no useServiceAuth (the applied value is kept)",
      { ...record, useServiceAuth: undefined },
      { outs: (outs) => expect(outs.useServiceAuth).toBe(false) },
    ],
    [
      "no authConfig (the applied one is kept)",
      { ...record, authConfig: undefined },
      { outs: (outs) => expect(outs.authConfig).toEqual(inputs.authConfig) },
    ],
    [
      // The Connector does not store the list (getConnector reads it), but must cope with it.
      "null in place of the expectedInputFields list",
      { ...record, expectedInputFields: null },
      { record: (parsed) => expect(parsed.expectedInputFields).toEqual([]) },
    ],
    [
      "a default of any JSON kind (array, number, boolean, object, null), displayName for display_name",
      {
        ...record,
        expectedInputFields: [
          { name: "a", default: ["x", "y"], displayName: "A" },
          { name: "b", default: 3 },
          { name: "c", default: true },
          { name: "d", default: { k: 1 } },
          { name: "e", default: null },
          { display_name: "no name: left out" },
        ],
      },
      {
        record: (parsed) =>
          expect(parsed.expectedInputFields).toEqual([
            { name: "a", default: ["x", "y"], displayName: "A", display_name: "A" },
            { name: "b", default: 3 },
            { name: "c", default: true },
            { name: "d", default: { k: 1 } },
            { name: "e", default: null },
          ]),
      },
    ],
    [
      "null and mistyped optional fields, and unknown keys",
      {
        ...record,
        authScheme: null,
        logo: null,
        createdAt: 1733011200,
        defaultConnectorId: null,
        deleted: null,
        surprise: { anything: true },
      },
      {
        record: (parsed) => {
          expect(parsed.logo).toBeUndefined();
          expect(parsed.createdAt).toBeUndefined();
        },
        outs: (outs) => {
          expect(outs).not.toHaveProperty("createdAt");
          expect(outs).not.toHaveProperty("defaultConnectorId");
          expect(outs).not.toHaveProperty("surprise");
          expect(outs.deleted).toBeUndefined();
        },
      },
    ],
  ];

  it.each(variants)("%s", async (_case, body, check) => {
    const { client, connector } = await serve({ read: json(200, body), write: json(204, undefined) });
    const parsed = await client.getIntegration("int-1");
    expect(parsed.id).toBe("int-1");
    expect(parsed.enabled).toBe(true);
    check.record?.(parsed);
    const outs = await throughHandlers(connector);
    for (const stored of [outs.created, outs.read as ConnectorOutputs, outs.updated]) {
      check.outs?.(stored);
      // Catalog data is getConnector's: the Connector stores none of it, whatever the record holds.
      expect(stored).not.toHaveProperty("logo");
      expect(stored).not.toHaveProperty("expectedInputFields");
    }
  });
});

describe("a field the provider needs fails the call, naming the field and the request id", () => {
  it.each([
    ["enabled", { ...record, enabled: undefined }, "enabled: is missing (needed)"],
    ["id", { ...record, id: 42 }, "id: must be a string"],
  ])("%s", async (_field, body, issue) => {
    const { client, connector } = await serve({ read: json(200, body, { "x-request-id": "req-9" }) });
    const error = await client.getIntegration("int-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(`${issue} (requestId req-9)`);
    const readError = (await connector.read("int-1", state).catch((e: unknown) => e)) as Error;
    expect(readError.message).toContain(`${issue} (requestId req-9)`);
    expect(readError.message).not.toContain("the-secret-value");
  });
});

describe("PATCH: any 2xx is success, with or without a body", () => {
  /**
   * A 204 sent with a JSON body and its headers (what the published document declares). Node's HTTP
   * server drops the bytes of a 204 but keeps Content-Type and Content-Length; bytes after a 204 that did
   * reach the socket would be an HTTP protocol error that Node's parser rejects before any client sees it.
   */
  const noContentWithBody = json(204, { status: "success" });
  it.each([
    ["200 with a body", json(200, { status: "success" })],
    ["204 empty", json(204, undefined)],
    ["204 with a body", noContentWithBody],
  ])("%s", async (_case, write) => {
    const { client, connector } = await serve({ write });
    await expect(client.updateIntegration("int-1", { enabled: false })).resolves.toBeUndefined();
    const updated = await connector.update("int-1", state, { ...inputs, enabled: false });
    expect(updated.outs.name).toBe("my-github");
    expect(server?.requests.filter((request) => request.method === "PATCH")).toHaveLength(2);
  });
});

describe("error bodies of every shape give a clear error", () => {
  const html: Answer = (response) => {
    response.writeHead(502, { "content-type": "text/html", "x-request-id": "req-html" });
    response.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
  };
  const empty: Answer = (response) => {
    response.writeHead(409, { "x-request-id": "req-empty" });
    response.end();
  };
  it.each([
    [
      "flat",
      json(409, {
        status: 409,
        type: "ConflictError",
        message: "Integration int-1 is busy",
        requestId: "r1",
      }),
      "409 Conflict: Integration int-1 is busy (requestId r1)",
    ],
    [
      "nested",
      json(400, {
        error: { message: "bad scheme", status: 400, request_id: "r2", suggested_fix: "use OAUTH2" },
      }),
      "400 Bad Request: bad scheme (requestId r2)",
    ],
    [
      "{message} alone",
      json(403, { message: "Forbidden for this key" }),
      "403 Forbidden: Forbidden for this key",
    ],
    ["{detail} text", json(400, { detail: "Invalid authScheme" }), "400 Bad Request: Invalid authScheme"],
    [
      "{detail} list",
      json(422, { detail: [{ loc: ["body", "name"], msg: "field required" }] }),
      "422 Unprocessable Entity: body.name: field required",
    ],
    ["not JSON", html, "502 Bad Gateway: 502 Bad Gateway (requestId req-html)"],
    ["empty", empty, "409 Conflict (requestId req-empty)"],
  ])("%s", async (_case, answer, expected) => {
    const { client, connector } = await serve({ read: answer });
    const error = await client.getIntegration("int-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(`GET /api/v1/integrations/int-1 -> ${expected}`);
    const readError = (await connector.read("int-1", state).catch((e: unknown) => e)) as Error;
    expect(readError.message).toContain(`GET /api/v1/integrations/int-1 -> ${expected}`);
  });
});
