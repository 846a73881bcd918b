/**
 * Property: whatever the method, path, query string, body, content type and key, the emulator (faults off)
 * never answers 5xx, and every 4xx carries the JSON error body.
 */
import fc from "fast-check";
import type { RunningEmulator } from "../../src/emulator";
import { enabledStarInstance, start } from "./helpers";

const KEY = "fuzz-key";
/** About 10 s on an idle 2-core machine. */
const RUNS = 2500;
let emulator: RunningEmulator;
const knownIds: string[] = [];

beforeAll(async () => {
  emulator = await start({ apiKeys: [KEY] });
  const { integrationId, accountId, triggerId } = await enabledStarInstance(emulator, {
    name: "seed",
    appName: "github",
    useServiceAuth: true,
  });
  knownIds.push(integrationId, accountId, triggerId, "GITHUB_STAR_ADDED_EVENT", "SLACK_RECEIVE_MESSAGE");
});
afterAll(() => emulator.close());

const QUERY_KEYS = [
  "page",
  "limit",
  "pageSize",
  "appName",
  "appNames",
  "showDisabled",
  "showEnabledOnly",
  "triggerIds",
  "triggerNames",
  "integrationIds",
  "integrationId",
  "connectedAccountIds",
  "connectionId",
];
const BODY_KEYS = [
  "name",
  "appName",
  "appId",
  "authScheme",
  "authConfig",
  "useServiceAuth",
  "forceNewIntegration",
  "enabled",
  "integrationId",
  "data",
  "triggerConfig",
  "payload",
];

const segment = fc.oneof(
  fc.constantFrom(...["some-id", "x", "", "..", "%zz", "%00", "GITHUB_STAR_ADDED_EVENT"]),
  fc.constant(null).map(() => knownIds[0] ?? "x"),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 8 }).map(encodeURIComponent),
  fc.string({ minLength: 90, maxLength: 300 }).map(encodeURIComponent),
);
const knownSegment = fc.integer({ min: 0, max: 4 }).map((index) => knownIds[index] ?? "x");
const param = fc.oneof(knownSegment, segment);

const routePath = fc.oneof(
  fc.constantFrom(
    "/api/v1/apps",
    "/api/v1/triggers",
    "/api/v1/integrations",
    "/api/v1/triggers/active_triggers",
    "/api/v1/triggers/logs",
    "/api/v1/connectedAccounts",
    "/_emulator/faults",
    "/_emulator/requests",
    "/_emulator/health",
  ),
  param.map((id) => `/api/v1/integrations/${id}`),
  fc.tuple(param, param).map(([account, name]) => `/api/v1/triggers/enable/${account}/${name}`),
  param.map((id) => `/_emulator/trigger-instances/${id}/fire`),
  fc.array(segment, { maxLength: 4 }).map((parts) => `/api/v1/${parts.join("/")}`),
  fc.array(segment, { maxLength: 3 }).map((parts) => `/${parts.join("/")}`),
);

const queryValue = fc.oneof(
  fc.constantFrom(
    "1",
    "0",
    "-1",
    "100",
    "101",
    "1.5",
    "true",
    "false",
    "",
    ",",
    "a,,b",
    "1e3",
    "9".repeat(30),
  ),
  knownSegment,
  fc.string({ maxLength: 20 }),
);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), queryValue), {
    maxLength: 5,
  })
  .map((pairs) => (pairs.length === 0 ? "" : `?${new URLSearchParams(pairs).toString()}`));
const rawQuery = fc.constantFrom(
  "?page=%zz",
  "?&&",
  "?page[]=1",
  "?limit=1&limit=2",
  "?=x",
  "?a=%",
  "?__proto__=1",
);

const bodyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  knownSegment,
  fc.constantFrom("github", "slack", "OAUTH2", "API_KEY", true, false, null, {}),
  fc.dictionary(
    fc.constantFrom("client_id", "client_secret", "token", "owner", "repo", "x"),
    fc.string({ maxLength: 5 }),
  ),
);
const objectBody = fc.dictionary(
  fc.oneof(fc.constantFrom(...BODY_KEYS), fc.string({ maxLength: 6 })),
  bodyValue,
  {
    maxKeys: 6,
  },
);
const body = fc.oneof(
  { weight: 5, arbitrary: objectBody.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{"__proto__":{"a":1}}', '{"constructor":{"prototype":{}}}', "", "null", "[]"),
  },
  { weight: 2, arbitrary: fc.constant(undefined) },
);

/** Method and path of a real route, so that most inputs reach a handler. */
const knownRoute: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.constantFrom<[string, string]>(
    ...([
      ["GET", "/api/v1/apps"],
      ["GET", "/api/v1/triggers"],
      ["POST", "/api/v1/integrations"],
      ["GET", "/api/v1/integrations"],
      ["GET", "/api/v1/triggers/active_triggers"],
      ["GET", "/api/v1/triggers/logs"],
      ["POST", "/api/v1/connectedAccounts"],
      ["GET", "/api/v1/connectedAccounts"],
      ["GET", "/_emulator/faults"],
      ["PUT", "/_emulator/faults"],
      ["GET", "/_emulator/requests"],
    ] as [string, string][]),
  ),
  fc.tuple(
    fc.constantFrom("GET", "PATCH", "DELETE"),
    param.map((id) => `/api/v1/integrations/${id}`),
  ),
  fc.tuple(
    fc.constant("POST"),
    fc.tuple(param, param).map(([a, n]) => `/api/v1/triggers/enable/${a}/${n}`),
  ),
  fc.tuple(
    fc.constant("POST"),
    param.map((id) => `/_emulator/trigger-instances/${id}/fire`),
  ),
);
const anyRoute: fc.Arbitrary<[string, string]> = fc.tuple(
  fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS", "HEAD"),
  routePath,
);

const request = fc.record({
  route: fc.oneof({ weight: 3, arbitrary: knownRoute }, { weight: 2, arbitrary: anyRoute }),
  query: fc.oneof({ weight: 4, arbitrary: query }, { weight: 1, arbitrary: rawQuery }),
  body,
  contentType: fc.constantFrom(
    "application/json",
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/x-www-form-urlencoded",
    undefined,
  ),
  apiKey: fc.constantFrom(KEY, KEY, KEY, KEY, KEY, "wrong", undefined),
});

it("never answers 5xx and always sends the JSON error shape on 4xx", async () => {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (input) => {
      const [method, path] = input.route;
      const headers: Record<string, string> = {};
      if (input.apiKey) headers["x-api-key"] = input.apiKey;
      const sendsBody = input.body !== undefined && method !== "GET" && method !== "HEAD";
      if (sendsBody && input.contentType) headers["content-type"] = input.contentType;
      const response = await fetch(`${emulator.url}${path}${input.query}`, {
        method: method,
        headers,
        body: sendsBody ? input.body : undefined,
      });
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      emulator.clearFaults(); // a random valid PUT /_emulator/faults must not switch faults on for the next run
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400 && method !== "HEAD") {
        const parsed = JSON.parse(text);
        expect(parsed).toEqual(
          expect.objectContaining({
            status: response.status,
            message: expect.any(String),
            requestId: expect.any(String),
          }),
        );
        expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      }
    }),
    { numRuns: RUNS },
  );
  // The inputs must reach the handlers, not only the 401/404 gates.
  const share = (predicate: (status: number) => boolean) =>
    [...statuses].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0) / RUNS;
  expect(share((status) => status < 300)).toBeGreaterThan(0.05);
  expect(share((status) => status === 400)).toBeGreaterThan(0.05);
  expect(share((status) => status === 405)).toBeGreaterThan(0.02);
}, 120_000);
