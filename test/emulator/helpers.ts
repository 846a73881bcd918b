/** Shared helpers of the emulator tests: real HTTP with fetch against an emulator on an ephemeral port. */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../src/emulator";
import { createConformanceChecker } from "./conformance";

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  // The wire boundary: tests assert on the parsed JSON directly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  apiKey?: string | null;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
}

export async function call(
  emulator: RunningEmulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  const apiKey = options.apiKey === undefined ? emulator.apiKey : options.apiKey;
  if (apiKey !== null) headers["x-api-key"] = apiKey;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["content-type"] = options.contentType ?? "application/json";
  const response = await fetch(`${emulator.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** Asserts the contract's flat error body and the x-request-id header. */
export function expectError(result: HttpResult, status: number): void {
  expect(result.status).toBe(status);
  expect(result.body).toEqual(
    expect.objectContaining({ status, message: expect.any(String), requestId: expect.any(String) }),
  );
  expect(result.headers.get("x-request-id")).toBe(result.body.requestId);
}

const checkConformance = createConformanceChecker();
/** Responses that do not follow GET /openapi.json, of every emulator started by this test file. */
const violations = new Set<string>();
// Registered when a test file imports these helpers: the file fails if any response did not conform.
afterAll(() => {
  expect([...violations]).toEqual([]);
});

export const start = (options: EmulatorOptions = {}): Promise<RunningEmulator> =>
  startEmulator({
    port: 0,
    ...options,
    observeResponse: (response) => {
      try {
        checkConformance(response).forEach((found) => violations.add(found));
      } catch (error) {
        violations.add(`the conformance check failed: ${String(error)}`);
      }
    },
  });

export const githubOAuth = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: { client_id: "cid", client_secret: "shh-secret", scopes: ["repo"] },
  ...extra,
});

/** A connector (`connector`: the create body), a connected account of it and an enabled GitHub star instance. */
export async function enabledStarInstance(
  emulator: RunningEmulator,
  connector: Record<string, unknown>,
  options: { apiKey?: string; triggerConfig?: Record<string, unknown>; data?: Record<string, unknown> } = {},
): Promise<{ integrationId: string; accountId: string; triggerId: string }> {
  const { apiKey, triggerConfig = { owner: "o", repo: "r" }, data = {} } = options;
  const integrationId: string = (
    await call(emulator, "POST", "/api/v1/integrations", { apiKey, body: connector })
  ).body.id;
  const accountId: string = (
    await call(emulator, "POST", "/api/v1/connectedAccounts", { apiKey, body: { integrationId, data } })
  ).body.connectedAccountId;
  const triggerId: string = (
    await call(emulator, "POST", `/api/v1/triggers/enable/${accountId}/GITHUB_STAR_ADDED_EVENT`, {
      apiKey,
      body: { triggerConfig },
    })
  ).body.triggerId;
  return { integrationId, accountId, triggerId };
}
