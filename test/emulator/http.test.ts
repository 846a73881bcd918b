import type { RunningEmulator } from "../../src/emulator";
import { call, expectError, start } from "./helpers";
import { AUTHENTICATED_ROUTES } from "./routes";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ apiKeys: ["key-a", "key-b"] });
});
afterAll(() => emulator.close());

describe("authentication", () => {
  it.each(AUTHENTICATED_ROUTES)(
    "$method $path answers 401 without a key or with an unknown one",
    async (route) => {
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
      const missing = await call(emulator, route.method, route.path, { apiKey: null, body });
      expectError(missing, 401);
      expect(missing.body.type).toBe("AuthenticationError");
      const unknown = await call(emulator, route.method, route.path, { apiKey: "not-a-key", body });
      expectError(unknown, 401);
      expect(unknown.text).not.toContain("not-a-key");
    },
  );

  it("401s unknown /api/v1 routes without a key; health needs no key", async () => {
    expectError(await call(emulator, "GET", "/api/v1/unknown", { apiKey: null }), 401);
    const health = await call(emulator, "GET", "/_emulator/health", { apiKey: null });
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
  });
});

describe("routing errors", () => {
  it("answers 404 JSON for unknown routes, even with a body that is not JSON", async () => {
    const unknown = await call(emulator, "GET", "/api/v1/unknown");
    expectError(unknown, 404);
    const withBadBody = await call(emulator, "POST", "/api/v1/unknown", { rawBody: "{nope" });
    expectError(withBadBody, 404);
    expectError(await call(emulator, "GET", "/elsewhere", { apiKey: null }), 404);
  });

  it.each([
    ["PUT", "/api/v1/integrations"],
    ["DELETE", "/api/v1/apps"],
    ["POST", "/api/v1/triggers"],
    ["PUT", "/api/v1/integrations/some-id"],
    ["GET", "/api/v1/triggers/enable/acc/NAME"],
    ["PATCH", "/_emulator/faults"],
  ])("answers 405 with Allow for %s %s, before reading the body", async (method, path) => {
    const result = await call(emulator, method, path, method === "GET" ? {} : { rawBody: "{not json" });
    expectError(result, 405);
    expect(result.headers.get("allow")).toMatch(/[A-Z]+/);
  });

  it("answers HEAD on GET routes", async () => {
    const response = await fetch(`${emulator.url}/api/v1/apps`, {
      method: "HEAD",
      headers: { "x-api-key": "key-a" },
    });
    expect(response.status).toBe(200);
  });
});

describe("bodies", () => {
  it("answers 400 for bad JSON, for a body that is not JSON and for a missing body", async () => {
    expectError(await call(emulator, "POST", "/api/v1/integrations", { rawBody: "{bad" }), 400);
    const text = await call(emulator, "POST", "/api/v1/integrations", {
      rawBody: "name=x",
      contentType: "text/plain",
    });
    expectError(text, 400);
    const form = await call(emulator, "PATCH", "/api/v1/integrations/x", {
      rawBody: "a=b",
      contentType: "application/x-www-form-urlencoded",
    });
    expectError(form, 400);
    expectError(await call(emulator, "POST", "/api/v1/integrations", { rawBody: "" }), 400);
    // An empty body with a JSON content type is no body: fine where no body is needed.
    const emptyDelete = await call(emulator, "DELETE", "/api/v1/integrations/nope", { rawBody: "" });
    expectError(emptyDelete, 404);
    expectError(await call(emulator, "POST", "/api/v1/integrations"), 400);
    expectError(
      await call(emulator, "POST", "/api/v1/integrations", { rawBody: '{"__proto__":{"x":1}}' }),
      400,
    );
  });

  it("answers 413 JSON for a body over the limit", async () => {
    const result = await call(emulator, "POST", "/api/v1/integrations", {
      rawBody: JSON.stringify({ name: "x".repeat(2_000_000) }),
    });
    expectError(result, 413);
  });

  it("answers 400 JSON for a malformed URL", async () => {
    const result = await call(emulator, "GET", "/api/v1/integrations/%E0%A4%A");
    expectError(result, 400);
  });
});

describe("request ids", () => {
  it("sends a fresh x-request-id on every response and puts it in error bodies", async () => {
    const first = await call(emulator, "GET", "/api/v1/apps");
    const second = await call(emulator, "GET", "/api/v1/apps");
    expect(first.headers.get("x-request-id")).toMatch(/^req_/);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
    const response = await fetch(`${emulator.url}/api/v1/integrations/zzz`, {
      headers: { "x-api-key": "key-a", "x-request-id": "client-chosen" },
    });
    const body = (await response.json()) as { requestId: string };
    expect(body.requestId).toBe(response.headers.get("x-request-id"));
    expect(body.requestId).not.toBe("client-chosen");
  });
});
