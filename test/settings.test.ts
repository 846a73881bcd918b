import * as pulumi from "@pulumi/pulumi";
import { programConfigSource } from "../src/program-config";
import { carriesCredentials, publicUrl } from "../src/public-url";
import { mapConfigSource, resolveSettings, SettingsError } from "../src/settings";

const env = { INTEGRATIONS_API_KEY: "env-key", INTEGRATIONS_BASE_URL: "http://env.example/" };

function errorOf(run: () => unknown): SettingsError {
  try {
    run();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error("expected a SettingsError");
}

describe("resolveSettings", () => {
  it("reads the environment, with defaults for timeout and retries", () => {
    expect(resolveSettings(undefined, env)).toEqual({
      apiKey: "env-key",
      baseUrl: "http://env.example",
      timeoutMs: 30000,
      maxRetries: 4,
      maxConcurrentRequests: 8,
    });
  });

  it("lets stack config win over the environment", () => {
    const config = mapConfigSource({
      "integrations:apiKey": "config-key",
      "integrations:baseUrl": "https://config.example/api",
      "integrations:timeoutMs": "5000",
      "integrations:maxRetries": "0",
      "integrations:maxConcurrentRequests": "3",
      "integrations:maxRequestsPerSecond": "2.5",
    });
    expect(resolveSettings(config, { ...env, INTEGRATIONS_MAX_REQUESTS_PER_SECOND: "9" })).toEqual({
      apiKey: "config-key",
      baseUrl: "https://config.example/api",
      timeoutMs: 5000,
      maxRetries: 0,
      maxConcurrentRequests: 3,
      maxRequestsPerSecond: 2.5,
    });
  });

  it("takes maxRequestsPerSecond from INTEGRATIONS_MAX_REQUESTS_PER_SECOND when the stack config has none", () => {
    const settings = resolveSettings(undefined, { ...env, INTEGRATIONS_MAX_REQUESTS_PER_SECOND: "0.5" });
    expect(settings.maxRequestsPerSecond).toBe(0.5);
  });

  it.each(["0", "-1", "fast", "1e3"])(
    "rejects INTEGRATIONS_MAX_REQUESTS_PER_SECOND = %j naming the variable",
    (value) => {
      const error = errorOf(() =>
        resolveSettings(undefined, { ...env, INTEGRATIONS_MAX_REQUESTS_PER_SECOND: value }),
      );
      expect(error.key).toBe("integrations:maxRequestsPerSecond");
      expect(error.message).toContain("INTEGRATIONS_MAX_REQUESTS_PER_SECOND");
      expect(error.message).toContain(JSON.stringify(value));
    },
  );

  it("takes the environment's credentials for the config URL that is its public form (what the plugin records)", () => {
    const withCredentials = { ...env, INTEGRATIONS_BASE_URL: "http://ci:pw@env.example/v1?token=t#f" };
    const recorded = mapConfigSource({ "integrations:baseUrl": "http://env.example/v1" });
    expect(resolveSettings(recorded, withCredentials).baseUrl).toBe("http://ci:pw@env.example/v1?token=t#f");
    // Another URL in config still wins, credentials or not.
    const other = mapConfigSource({ "integrations:baseUrl": "http://other.example/v1" });
    expect(resolveSettings(other, withCredentials).baseUrl).toBe("http://other.example/v1");
  });

  it("treats blank values as unset", () => {
    const config = mapConfigSource({ "integrations:apiKey": "  ", "integrations:baseUrl": "" });
    expect(resolveSettings(config, env)).toMatchObject({ apiKey: "env-key", baseUrl: "http://env.example" });
  });

  it("says both ways to set a missing API key", () => {
    const error = errorOf(() => resolveSettings(undefined, { INTEGRATIONS_BASE_URL: "http://x" }));
    expect(error.key).toBe("integrations:apiKey");
    expect(error.message).toBe(
      "Missing API key: set the secret stack config `integrations:apiKey` (pulumi config set --secret integrations:apiKey ...) or the INTEGRATIONS_API_KEY environment variable.",
    );
  });

  it("says both ways to set a missing base URL", () => {
    const error = errorOf(() => resolveSettings(undefined, { INTEGRATIONS_API_KEY: "k" }));
    expect(error.key).toBe("integrations:baseUrl");
    expect(error.message).toContain("`integrations:baseUrl`");
    expect(error.message).toContain("INTEGRATIONS_BASE_URL");
  });

  it("rejects a base URL that is not http(s) without echoing it", () => {
    const config = mapConfigSource({ "integrations:baseUrl": "ftp://user:hunter2@host" });
    const error = errorOf(() => resolveSettings(config, env));
    expect(error.key).toBe("integrations:baseUrl");
    expect(error.message).not.toContain("hunter2");
  });

  it("rejects an API key with inner whitespace without echoing it", () => {
    const error = errorOf(() =>
      resolveSettings(mapConfigSource({ "integrations:apiKey": "abc def-secret" }), env),
    );
    expect(error.key).toBe("integrations:apiKey");
    expect(error.message).not.toContain("def-secret");
  });

  it.each([
    ["integrations:timeoutMs", "0"],
    ["integrations:timeoutMs", "-5"],
    ["integrations:timeoutMs", "1.5"],
    ["integrations:timeoutMs", "soon"],
    ["integrations:maxRetries", "-1"],
    ["integrations:maxRetries", "two"],
    ["integrations:maxConcurrentRequests", "0"],
    ["integrations:maxConcurrentRequests", "many"],
    ["integrations:maxRequestsPerSecond", "0"],
    ["integrations:maxRequestsPerSecond", "lots"],
  ])("rejects %s = %j naming the key", (key, value) => {
    const error = errorOf(() => resolveSettings(mapConfigSource({ [key]: value }), env));
    expect(error.key).toBe(key);
    expect(error.message).toContain(`\`${key}\``);
    expect(error.message).toContain(JSON.stringify(value));
  });
});

describe("programConfigSource", () => {
  it("reads the stack config of the running program", async () => {
    await pulumi.runtime.setMocks(
      { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
      "project",
      "stack",
      false,
    );
    pulumi.runtime.setAllConfig({ "integrations:apiKey": "program-key", "integrations:timeoutMs": "1234" });
    const source = programConfigSource();
    expect(source.get("integrations:apiKey")).toBe("program-key");
    expect(source.get("integrations:baseUrl")).toBeUndefined();
    expect(source.get("no-namespace")).toBeUndefined();
    expect(resolveSettings(source, env)).toMatchObject({ apiKey: "program-key", timeoutMs: 1234 });
  });
});

describe("publicUrl", () => {
  it("drops the user, password, query and fragment, and trailing slashes; keeps origin and path", () => {
    expect(publicUrl("https://user:pass@api.example.com:8443/v1/?token=abc#frag")).toBe(
      "https://api.example.com:8443/v1",
    );
    expect(publicUrl("https://api.example.com/")).toBe("https://api.example.com");
    expect(carriesCredentials("https://api.example.com/")).toBe(false);
    expect(carriesCredentials("https://api.example.com/?token=abc")).toBe(true);
    expect(carriesCredentials("https://u@api.example.com")).toBe(true);
  });

  it("never echoes what it cannot parse", () => {
    expect(publicUrl("not a url with secret")).toBe("the configured base URL");
  });
});
