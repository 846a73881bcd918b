import { builtInCatalog } from "../../src/emulator";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";

/** getTriggersOutput over a connector created in the same run: one query, with the new connector's id. */
describe("e2e: getTriggersOutput fed by a connector's outputs", () => {
  const githubClientSecret = distinctiveSecret("github-client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  let up: RecordedRun;
  let triggerQueries: string[];

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("triggers-from-connector", api, { secrets: { githubClientSecret } });
    up = await stack.up();
    triggerQueries = api.emulator.requestLog
      .entries()
      .filter((entry) => entry.route === "/api/v1/triggers")
      .map((entry) => entry.url);
  }, 120_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("exports the triggers of the connector's app", () => {
    expect(up.error).toBeUndefined();
    const githubTriggers = builtInCatalog.triggers
      .filter((trigger) => trigger.appKey === "github")
      .map((trigger) => trigger.name)
      .sort();
    expect(githubTriggers.length).toBeGreaterThan(0);
    expect(up.outputs.triggerNames).toEqual({ value: githubTriggers, secret: false });
    expect(up.outputs.triggerApps).toEqual({ value: ["github"], secret: false });
  });

  it("asks the API once, filtered by the new connector's id", () => {
    const connectorId = String(up.outputs.connectorId?.value);
    expect(triggerQueries).toEqual([`/api/v1/triggers?integrationIds=${connectorId}`]);
  });

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "github client secret": githubClientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});
