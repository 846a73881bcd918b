import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { createConnectorHandlers } from "../../src/resources/connector/handlers";
import { createIntegrationStateHandlers } from "../../src/resources/integration-state/handlers";
import { stackConfig } from "./support";

let emulator: RunningEmulator;
const savedEnv = { ...process.env };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  delete process.env.INTEGRATIONS_API_KEY;
  delete process.env.INTEGRATIONS_BASE_URL;
});
afterEach(() => {
  process.env = { ...savedEnv };
});

const inputs = { name: "c", appName: "hackernews" };

describe("settings are resolved when a call needs the API", () => {
  test("without an API key, check and diff still work; create reports the settings module's message", async () => {
    const connector = createConnectorHandlers();
    await connector.configure({ config: stackConfig({ "integrations:baseUrl": emulator.url }) });
    const { inputs: checked, failures } = await connector.check({}, inputs);
    expect(failures).toEqual([]);
    const error = (await connector.create(checked).catch((e) => e)) as Error;
    expect(error.message).toBe(
      "Missing API key: set the secret stack config `integrations:apiKey` " +
        "(pulumi config set --secret integrations:apiKey ...) or the INTEGRATIONS_API_KEY environment variable.",
    );
    expect(error.stack).toBe(error.message);
  });

  test("the environment is the fallback, read at call time", async () => {
    const state = createIntegrationStateHandlers();
    await state.configure({ config: stackConfig({}) });
    process.env.INTEGRATIONS_API_KEY = emulator.apiKey;
    process.env.INTEGRATIONS_BASE_URL = emulator.url;
    const error = (await state
      .create({ integrationId: "nope", enabled: true, onDelete: "retain" })
      .catch((e) => e)) as Error;
    // It reached the API: the integration is unknown there.
    expect(error.message).toContain("GET /api/v1/integrations/nope -> 404");
  });

  test("stack config wins over the environment", async () => {
    const connector = createConnectorHandlers();
    await connector.configure({
      config: stackConfig({ "integrations:apiKey": emulator.apiKey, "integrations:baseUrl": emulator.url }),
    });
    process.env.INTEGRATIONS_API_KEY = "emu_wrong-key-from-env";
    const { id } = await connector.create((await connector.check({}, inputs)).inputs);
    expect(id).toMatch(/\S/);
  });

  test("a rejected API key: 401 says which setting to fix and never shows the key", async () => {
    const connector = createConnectorHandlers();
    const wrongKey = "emu_this-key-is-wrong-0123";
    await connector.configure({
      config: stackConfig({ "integrations:apiKey": wrongKey, "integrations:baseUrl": emulator.url }),
    });
    const error = (await connector
      .create((await connector.check({}, { ...inputs, name: "c2" })).inputs)
      .catch((e) => e)) as Error;
    expect(error.message).toContain("401");
    expect(error.message).toContain("integrations:apiKey");
    expect(error.message).not.toContain(wrongKey);
  });
});
