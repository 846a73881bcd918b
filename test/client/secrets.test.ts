import { inspect } from "node:util";
import { ApiClient, ApiConnectionError, ApiError, ApiTimeoutError } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { sendJson, startLocalServer, type LocalServer } from "./local-server";

/** No error of a request carrying secrets reveals the API key or an authConfig value, however it is printed. */

const API_KEY = "emu_secret_api_key_7f3a9c";
const SECRET = "s3cr3t-Zebra-Quokka-9931";
const NESTED_SECRET = "nested-Pangolin-4471";

const authConfig = {
  client_id: "client-id-visible",
  client_secret: SECRET,
  extra: { deep: [NESTED_SECRET] },
};

/** Every way an error ends up in a log. */
function renderings(error: unknown): string[] {
  const e = error as Error;
  return [
    e.message,
    String(e),
    e.stack ?? "",
    JSON.stringify(e),
    inspect(e, { depth: Infinity, showHidden: true }),
    inspect({ wrapped: e }, { depth: Infinity }),
  ];
}

function expectNoSecret(error: unknown): void {
  expect(error).toBeInstanceOf(ApiError);
  for (const text of renderings(error)) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(NESTED_SECRET);
    expect(text).not.toContain(API_KEY);
  }
}

describe("against a server that echoes the request into its errors", () => {
  let server: LocalServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      // The listing a create takes first (the lost-create evidence) finds no namesake.
      if (req.method === "GET" && req.url.startsWith("/api/v1/integrations?")) {
        return sendJson(res, 200, { items: [], totalPages: 1, page: 1 });
      }
      const echo = `you sent ${req.body} with key ${String(req.headers["x-api-key"])}`;
      if (req.url.includes("hang")) return; // time out
      if (req.url.includes("reset")) return res.socket?.destroy();
      if (req.url.includes("nested")) {
        return sendJson(res, 422, { error: { message: echo, request_id: SECRET, suggested_fix: echo } });
      }
      if (req.url.includes("text")) {
        res.writeHead(500, { "content-type": "text/plain", "x-request-id": API_KEY });
        return res.end(echo);
      }
      sendJson(res, 400, {
        message: echo,
        requestId: "req-1",
        details: { echoed: JSON.parse(req.body || "{}") },
      });
    });
    // The default timeout: an answered request must never time out because the machine is busy (server
    // and client share this process's event loop). Only the "hang" test times out, with its own client.
    client = new ApiClient({ baseUrl: server.url, apiKey: API_KEY, maxRetries: 1 }, { retryDelayScaleMs: 1 });
  });

  afterAll(async () => {
    client.close();
    await server.close();
  });

  it("scrubs a flat error body that echoes the key and authConfig", async () => {
    const error = await client
      .createIntegration({ name: "n", appName: "github", authConfig })
      .catch((e: unknown) => e);
    expectNoSecret(error);
    // Every authConfig value is scrubbed (even a client_id); the rest of the message stays useful.
    expect((error as Error).message).not.toContain("client-id-visible");
    expect((error as Error).message).toContain('"appName":"github"');
    expect((error as Error).message).toContain("[redacted]");
  });

  it("scrubs nested and text bodies and request ids", async () => {
    const nested = await client.updateIntegration("nested", { authConfig }).catch((e: unknown) => e);
    expectNoSecret(nested);
    const text = await client.updateIntegration("text", { authConfig }).catch((e: unknown) => e);
    expectNoSecret(text);
  });

  it("keeps nothing of the request on timeouts and resets", async () => {
    const impatient = new ApiClient(
      { baseUrl: server.url, apiKey: API_KEY, timeoutMs: 100, maxRetries: 1 },
      { retryDelayScaleMs: 1 },
    );
    const timedOut = await impatient.updateIntegration("hang", { authConfig }).catch((e: unknown) => e);
    impatient.close();
    expect(timedOut).toBeInstanceOf(ApiTimeoutError);
    expectNoSecret(timedOut);
    const reset = await client.updateIntegration("reset", { authConfig }).catch((e: unknown) => e);
    expect(reset).toBeInstanceOf(ApiConnectionError);
    expectNoSecret(reset);
  });

  it("does not show the key when the client itself is inspected", () => {
    expect(inspect(client, { depth: Infinity, showHidden: true })).not.toContain(API_KEY);
    expect(JSON.stringify(client)).not.toContain(API_KEY);
  });
});

describe("against the emulator", () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, apiKeys: [API_KEY] });
  });

  afterAll(() => emulator.close());

  it("a rejected create carrying a secret authConfig reveals nothing", async () => {
    const client = new ApiClient({ baseUrl: emulator.url, apiKey: API_KEY }, { retryDelayScaleMs: 1 });
    const error = await client
      .createIntegration({ name: "bad-scheme", appName: "github", authScheme: "NO_SUCH_SCHEME", authConfig })
      .catch((e: unknown) => e);
    client.close();
    expect(error).toMatchObject({ status: 400 });
    expectNoSecret(error);
  });
});
