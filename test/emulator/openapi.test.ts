/** GET /openapi.json, the conformance checker every emulator test runs, and request rules the document adds. */
import { OPERATIONS, openApiDocument, openApiPath } from "../../src/emulator/openapi";
import { createConformanceChecker } from "./conformance";
import { call, expectError, githubOAuth, start } from "./helpers";
import { concretePath } from "./routes";
import type { RunningEmulator } from "../../src/emulator";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start();
});
afterAll(() => emulator.close());

describe("GET /openapi.json", () => {
  it("serves the generated OpenAPI 3.0 document without an API key", async () => {
    const result = await call(emulator, "GET", "/openapi.json", { apiKey: null });
    expect(result.status).toBe(200);
    expect(result.body).toEqual(openApiDocument());
    expect(result.body.openapi).toBe("3.0.3");
    expect(result.body.components.securitySchemes.ApiKeyAuth).toEqual({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
  });

  it("describes every operation the emulator answers, each of which exists", async () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    for (const operation of OPERATIONS) {
      expect(document.paths[openApiPath(operation.route)]?.[operation.method]).toBeDefined();
      const result = await call(emulator, operation.method.toUpperCase(), concretePath(operation.route), {
        body: operation.body ? {} : undefined,
      });
      // A route that does not exist answers 404 "No route ..." or 405: anything else means it is served.
      expect([result.status, result.body?.message ?? ""]).not.toEqual([
        404,
        expect.stringMatching(/^No route/),
      ]);
      expect(result.status).not.toBe(405);
    }
  });

  it("marks the scopes lists and the required fields the published document has", () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document, read as JSON
    const document = openApiDocument() as any;
    const create = document.paths["/api/v1/integrations"].post.requestBody.content["application/json"].schema;
    expect(create.properties.authConfig.properties.scopes).toEqual({
      type: "array",
      items: { type: "string" },
    });
    const app = document.components.schemas.AppInfoResponseDto;
    expect(app.required).toEqual(
      expect.arrayContaining([
        "appId",
        "key",
        "name",
        "description",
        "logo",
        "categories",
        "enabled",
        "createdAt",
        "updatedAt",
      ]),
    );
    expect(document.components.schemas.GetConnectorInfoResDTO.properties.defaultConnectorId).toEqual({
      type: "string",
    });
  });
});

describe("the conformance checker", () => {
  const check = createConformanceChecker();
  const record = {
    id: "i",
    name: "n",
    appId: "a",
    appName: "github",
    authScheme: "OAUTH2",
    enabled: true,
    useServiceAuth: false,
    deleted: false,
    createdAt: "2024-12-01T00:00:00.000Z",
    updatedAt: "2024-12-01T00:00:00.000Z",
    authConfig: {},
    expectedInputFields: [],
    logo: "https://logo",
  };
  const read = (statusCode: number, body: string, route = "/api/v1/integrations/:integrationId") => ({
    method: "GET",
    route,
    statusCode,
    contentType: "application/json; charset=utf-8",
    body,
  });

  it("accepts a conforming record and rejects null for an optional string, a missing field and an extra one", () => {
    expect(check(read(200, JSON.stringify(record)))).toEqual([]);
    expect(check(read(200, JSON.stringify({ ...record, defaultConnectorId: null })))).toEqual([
      expect.stringContaining("/defaultConnectorId must be string"),
    ]);
    const { appId: _appId, ...withoutAppId } = record;
    expect(check(read(200, JSON.stringify(withoutAppId)))).toEqual([
      expect.stringContaining("must have required property 'appId'"),
    ]);
    expect(check(read(200, JSON.stringify({ ...record, internal: 1 })))).toEqual([
      expect.stringContaining("must NOT have additional properties"),
    ]);
  });

  it("rejects an undocumented status or route, a body on a 204 and a non-JSON error", () => {
    expect(check(read(201, JSON.stringify(record)))).toEqual([
      expect.stringContaining("status not documented"),
    ]);
    expect(check(read(200, "{}", "/api/v1/nope"))).toEqual([
      expect.stringContaining("route not in the document"),
    ]);
    expect(check(read(400, "{}", "/api/v1/nope"))).toEqual([
      expect.stringContaining("route not in the document"),
    ]);
    expect(check({ ...read(200, "{}", "/api/v1/integrations"), method: "PUT" })).toEqual([
      expect.stringContaining("no such operation"),
    ]);
    expect(check({ ...read(204, '{"status":"success"}'), method: "PATCH" })).toEqual([
      expect.stringContaining("a body where none is documented"),
    ]);
    expect(check({ ...read(500, "oops"), contentType: "text/plain" })).toEqual([
      expect.stringContaining("not application/json"),
    ]);
    expect(check(read(404, JSON.stringify({ status: 404, message: "gone" }))).sort()).toEqual([
      expect.stringContaining("must have required property 'name'"),
      expect.stringContaining("must have required property 'requestId'"),
      expect.stringContaining("must have required property 'type'"),
    ]);
  });
});

describe("request rules of the published document", () => {
  it.each(["scopes", "user_scopes"])("answers 400 naming authConfig.%s when it is a string", async (key) => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth(`scopes-${key}`, {
        authConfig: { client_id: "c", client_secret: "s", [key]: "repo,read:org" },
      }),
    });
    expectError(created, 400);
    expect(created.body.message).toContain(`authConfig.${key}`);
    expect(created.body.message).toContain("array of strings");
    expect(created.text).not.toContain("repo,read:org");

    const ok = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth(`scopes-ok-${key}`, { forceNewIntegration: true }),
    });
    expect(ok.status).toBe(200);
    const patched = await call(emulator, "PATCH", `/api/v1/integrations/${ok.body.id}`, {
      body: { authConfig: { client_id: "c", client_secret: "s", [key]: "repo" } },
    });
    expectError(patched, 400);
    expect(patched.body.message).toContain(`authConfig.${key}`);
  });

  it("requires data on POST /api/v1/connectedAccounts and triggerConfig on enable", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("needs-data", { forceNewIntegration: true }),
    });
    const account = await call(emulator, "POST", "/api/v1/connectedAccounts", {
      body: { integrationId: created.body.id },
    });
    expectError(account, 400);
    expect(account.body.message).toContain("body.data");
    expect(account.body.details).toEqual({ issues: [expect.objectContaining({ path: "body.data" })] });
    const enabled = await call(emulator, "POST", "/api/v1/triggers/enable/acc/GITHUB_STAR_ADDED_EVENT", {
      body: {},
    });
    expectError(enabled, 400);
    expect(enabled.body.message).toContain("body.triggerConfig");
  });
});
