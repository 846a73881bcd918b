import type { RunningEmulator } from "../../src/emulator";
import { call, expectError, githubOAuth, start } from "./helpers";
import { waitFor } from "./receiver";

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start();
});
afterAll(() => emulator.close());

const GITHUB_APP_ID = "b6f612f8-94d7-4bd4-b613-9a9852460d31";

describe("POST /api/v1/integrations", () => {
  it("creates a connector (200) with the record's fields, enabled by default, secrets omitted", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("create-shape", { forceNewIntegration: true }),
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "create-shape",
      appId: GITHUB_APP_ID,
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: { client_id: "cid", scopes: ["repo"] },
      enabled: true,
      useServiceAuth: false,
      expectedInputFields: [],
      logo: expect.stringMatching(/^https:\/\//),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      deleted: false,
    });
    // An optional string with no value is left out, never null, as the service's document says.
    expect(created.body).not.toHaveProperty("defaultConnectorId");
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);
    expect(created.text).not.toContain("shh-secret");
  });

  it("accepts appId instead of appName, and both when they agree", async () => {
    const byId = await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: "by-id", appId: GITHUB_APP_ID, useServiceAuth: true, forceNewIntegration: true },
    });
    expect(byId.status).toBe(200);
    expect(byId.body.appName).toBe("github");
    const both = await call(emulator, "POST", "/api/v1/integrations", {
      body: {
        name: "by-both",
        appId: GITHUB_APP_ID,
        appName: "github",
        useServiceAuth: true,
        forceNewIntegration: true,
      },
    });
    expect(both.status).toBe(200);
  });

  // The real service's model: the end user's credentials are the connector's expectedInputFields, given
  // per account; the connector itself is made without them.
  it("is made without the end users' fields and lists them as expectedInputFields", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: "jira-basic", appName: "jira", authScheme: "BASIC", forceNewIntegration: true },
    });
    expect(created.status).toBe(200);
    expect(created.body.authConfig).toEqual({});
    expect(created.body.expectedInputFields.map((f: { name: string }) => f.name)).toEqual([
      "username",
      "password",
      "subdomain",
    ]);
    expect(created.body.expectedInputFields[2]).toEqual({
      name: "subdomain",
      type: "string",
      display_name: expect.any(String),
      description: expect.any(String),
      default: null,
      required: true,
      expected_from_customer: true,
      is_secret: false,
    });
  });

  it.each([
    ["no app", { name: "x" }],
    ["unknown appName", { name: "x", appName: "nope" }],
    ["unknown appId", { name: "x", appId: "00000000-0000-0000-0000-000000000000" }],
    ["appId and appName of different apps", { name: "x", appId: GITHUB_APP_ID, appName: "slack" }],
    ["a scheme the app does not support", { name: "x", appName: "github", authScheme: "API_KEY" }],
    [
      "missing required scheme fields",
      { name: "x", appName: "github", authScheme: "OAUTH2", authConfig: { client_id: "a" } },
    ],
    [
      "service auth on a scheme whose connector fields the service does not have",
      { name: "x", appName: "jira", authScheme: "OAUTH1", useServiceAuth: true },
    ],
    ["an empty name", { name: "", appName: "github", useServiceAuth: true }],
    ["a non-object authConfig", { name: "x", appName: "github", authConfig: "secret" }],
    ["a non-boolean flag", { name: "x", appName: "github", useServiceAuth: "yes" }],
  ])("rejects %s with 400", async (_label, body) => {
    const result = await call(emulator, "POST", "/api/v1/integrations", {
      body: { forceNewIntegration: true, ...body },
    });
    expectError(result, 400);
    expect(result.body.type).toBe("BadRequestError");
  });

  it("names the missing fields of the scheme", async () => {
    const result = await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: "x", appName: "slack", authScheme: "OAUTH2", authConfig: {}, forceNewIntegration: true },
    });
    expectError(result, 400);
    expect(result.body.message).toContain("client_id");
    expect(result.body.message).toContain("client_secret");
  });

  it("does not require scheme fields with useServiceAuth", async () => {
    const result = await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: "svc", appName: "slack", useServiceAuth: true, forceNewIntegration: true },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ useServiceAuth: true, authScheme: "OAUTH2", authConfig: {} });
  });

  it("answers 409 naming the existing connector for a duplicate non-deleted name", async () => {
    const first = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("dup-name", { forceNewIntegration: true }),
    });
    const second = await call(emulator, "POST", "/api/v1/integrations", {
      body: { name: "dup-name", appName: "linear", useServiceAuth: true, forceNewIntegration: true },
    });
    expectError(second, 409);
    expect(second.body.message).toContain(first.body.id);
  });

  it("frees a name once its connector is deleted", async () => {
    const first = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("reused-name", { forceNewIntegration: true }),
    });
    await call(emulator, "DELETE", `/api/v1/integrations/${first.body.id}`);
    const second = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("reused-name", { forceNewIntegration: true }),
    });
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
  });
});

describe("forceNewIntegration", () => {
  it("without it, returns the existing non-deleted connector of the app; with it, creates another", async () => {
    const own = await start();
    try {
      const first = await call(own, "POST", "/api/v1/integrations", { body: githubOAuth("first") });
      expect(first.status).toBe(200);
      const again = await call(own, "POST", "/api/v1/integrations", { body: githubOAuth("second") });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.name).toBe("first");
      const forced = await call(own, "POST", "/api/v1/integrations", {
        body: githubOAuth("third", { forceNewIntegration: true }),
      });
      expect(forced.status).toBe(200);
      expect(forced.body.id).not.toBe(first.body.id);
      await call(own, "DELETE", `/api/v1/integrations/${first.body.id}`);
      await call(own, "DELETE", `/api/v1/integrations/${forced.body.id}`);
      const afterDelete = await call(own, "POST", "/api/v1/integrations", { body: githubOAuth("fourth") });
      expect(afterDelete.body.name).toBe("fourth");
      const list = await call(own, "GET", "/api/v1/integrations");
      expect(list.body.items.map((item: { name: string }) => item.name)).toEqual(["fourth"]);
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/v1/integrations/:integrationId", () => {
  it("returns the record with sensitive keys omitted (scheme secrets and the fixed list)", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("read-me", {
        forceNewIntegration: true,
        authConfig: {
          client_id: "cid",
          client_secret: "s1",
          api_key: "s2",
          password: "s3",
          token: "s4",
          Private_Key: "s5",
          base_url: "https://x",
        },
      }),
    });
    const read = await call(emulator, "GET", `/api/v1/integrations/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.authConfig).toEqual({ client_id: "cid", base_url: "https://x" });
    expect(read.text).not.toMatch(/"s[1-5]"/);
    expect(read.body).toEqual(created.body);
  });

  it("404s an unknown id", async () => {
    const result = await call(emulator, "GET", "/api/v1/integrations/does-not-exist");
    expectError(result, 404);
    expect(result.body.type).toBe("NotFoundError");
    expect(result.body.message).toContain("does-not-exist");
  });
});

describe("PATCH /api/v1/integrations/:integrationId", () => {
  it("answers 204 with an empty body, toggles enabled and replaces authConfig as a whole", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("patch-me", { forceNewIntegration: true }),
    });
    const id = created.body.id;
    const disabled = await call(emulator, "PATCH", `/api/v1/integrations/${id}`, {
      body: { enabled: false },
    });
    expect(disabled.status).toBe(204);
    expect(disabled.text).toBe("");
    const disabledAt = (await call(emulator, "GET", `/api/v1/integrations/${id}`)).body;
    expect(disabledAt.enabled).toBe(false);

    // The next PATCH must stamp updatedAt: sent once the clock has left the last stamp's millisecond, so
    // that a stamp left as it was cannot pass for a new one.
    const stampedBefore = Date.parse(disabledAt.updatedAt);
    await waitFor("the clock to pass the last updatedAt", () => Date.now() > stampedBefore);
    const patchedFrom = Date.now();
    const replaced = await call(emulator, "PATCH", `/api/v1/integrations/${id}`, {
      body: { authConfig: { client_id: "new", client_secret: "new-secret" }, enabled: true },
    });
    expect(replaced.status).toBe(204);
    const read = await call(emulator, "GET", `/api/v1/integrations/${id}`);
    expect(read.body.authConfig).toEqual({ client_id: "new" });
    expect(read.body.enabled).toBe(true);
    expect(Date.parse(read.body.updatedAt)).toBeGreaterThanOrEqual(patchedFrom);
    expect(read.body.createdAt).toBe(created.body.createdAt);
  });

  it.each([
    ["an unknown key", { enabled: true, color: "blue" }],
    ["a non-boolean enabled", { enabled: "false" }],
    ["an authConfig missing the scheme's required fields", { authConfig: { client_id: "only" } }],
    ["an array body", [1, 2]],
  ])("rejects %s with 400", async (_label, body) => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth(`patch-bad-${Math.random()}`, { forceNewIntegration: true }),
    });
    const result = await call(emulator, "PATCH", `/api/v1/integrations/${created.body.id}`, { body });
    expectError(result, 400);
  });

  it("404s an unknown or deleted connector", async () => {
    expectError(await call(emulator, "PATCH", "/api/v1/integrations/nope", { body: { enabled: true } }), 404);
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("patch-deleted", { forceNewIntegration: true }),
    });
    await call(emulator, "DELETE", `/api/v1/integrations/${created.body.id}`);
    expectError(
      await call(emulator, "PATCH", `/api/v1/integrations/${created.body.id}`, { body: { enabled: true } }),
      404,
    );
  });
});

describe("DELETE /api/v1/integrations/:integrationId (soft delete)", () => {
  it("keeps the record with deleted: true and enabled: false; deleting again is a 404", async () => {
    const created = await call(emulator, "POST", "/api/v1/integrations", {
      body: githubOAuth("delete-me", { forceNewIntegration: true }),
    });
    const deleted = await call(emulator, "DELETE", `/api/v1/integrations/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    const read = await call(emulator, "GET", `/api/v1/integrations/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ deleted: true, enabled: false, name: "delete-me" });
    expect(read.body.authConfig).toEqual({ client_id: "cid", scopes: ["repo"] });
    expectError(await call(emulator, "DELETE", `/api/v1/integrations/${created.body.id}`), 404);
    expectError(await call(emulator, "DELETE", "/api/v1/integrations/never-existed"), 404);
  });
});

describe("GET /api/v1/integrations", () => {
  let own: RunningEmulator;
  const ids: string[] = [];
  beforeAll(async () => {
    own = await start();
    for (let index = 1; index <= 23; index += 1) {
      const created = await call(own, "POST", "/api/v1/integrations", {
        body: {
          name: `list-${index}`,
          appName: index % 2 ? "github" : "slack",
          useServiceAuth: true,
          forceNewIntegration: true,
        },
      });
      ids.push(created.body.id);
    }
    await call(own, "PATCH", `/api/v1/integrations/${ids[0]}`, { body: { enabled: false } });
    await call(own, "DELETE", `/api/v1/integrations/${ids[1]}`);
  });
  afterAll(() => own.close());

  it("returns {items, totalPages, page} with page 1 and 10 items by default, items without secrets' carriers", async () => {
    const result = await call(own, "GET", "/api/v1/integrations");
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(["items", "page", "totalPages"]);
    expect(result.body.page).toBe(1);
    expect(result.body.totalPages).toBe(3); // 21 enabled, non-deleted
    expect(result.body.items).toHaveLength(10);
    for (const item of result.body.items) {
      expect(item).not.toHaveProperty("authConfig");
      expect(item).not.toHaveProperty("expectedInputFields");
      expect(item).not.toHaveProperty("logo");
      expect(item).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        appName: expect.any(String),
      });
    }
  });

  it("hides disabled connectors unless showDisabled=true, and never lists deleted ones", async () => {
    const all = await call(own, "GET", "/api/v1/integrations?showDisabled=true&pageSize=100");
    const names = all.body.items.map((item: { name: string }) => item.name);
    expect(names).toContain("list-1");
    expect(names).not.toContain("list-2");
    expect(names).toHaveLength(22);
    const enabledOnly = await call(own, "GET", "/api/v1/integrations?pageSize=100");
    expect(enabledOnly.body.items.map((item: { name: string }) => item.name)).not.toContain("list-1");
  });

  it("filters by appName", async () => {
    const result = await call(own, "GET", "/api/v1/integrations?appName=slack&pageSize=100");
    expect(result.body.items.length).toBe(10); // 11 slack, one of them deleted
    expect(result.body.items.every((item: { appName: string }) => item.appName === "slack")).toBe(true);
  });

  it("pages with pageSize, and a page past the end is empty with the same totalPages", async () => {
    const third = await call(own, "GET", "/api/v1/integrations?page=3&pageSize=10");
    expect(third.body).toMatchObject({ page: 3, totalPages: 3 });
    expect(third.body.items).toHaveLength(1);
    const past = await call(own, "GET", "/api/v1/integrations?page=9&pageSize=10");
    expect(past.body).toEqual({ items: [], page: 9, totalPages: 3 });
    const max = await call(own, "GET", "/api/v1/integrations?pageSize=100");
    expect(max.body.totalPages).toBe(1);
  });

  it.each([
    "page=0",
    "page=-1",
    "page=1.5",
    "page=abc",
    "pageSize=0",
    "pageSize=101",
    "pageSize=2.5",
    "page=",
    "showDisabled=maybe",
  ])("rejects %s with 400", async (query) => {
    expectError(await call(own, "GET", `/api/v1/integrations?${query}`), 400);
  });
});
