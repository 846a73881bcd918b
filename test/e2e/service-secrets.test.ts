import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { driftOf, opsOf, refreshResultsOf, succeeded, writesOf } from "./support/steps";

const VISIBLE = { client_id: "e2e-visible-client", scopes: ["repo"] };

/**
 * The real service has been seen to answer a connector's `client_secret` in clear, where the contract says
 * secret values are left out; the emulator's `secretValues: "clear"` answers so. What a data function hands
 * the program is plain, so getConnectorOutput(...).authConfig must not hold the secret: a stack output of it
 * would be stored unencrypted.
 */
describe("e2e: getConnectorOutput against a service that shows client_secret in clear", () => {
  const clientSecret = distinctiveSecret("clear-client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  let shownRemotely: unknown;

  beforeAll(async () => {
    api = await startE2eApi({ secretValues: "clear" });
    stack = await E2eStack.create("service-secrets", api, { secrets: { clientSecret } });
    runs.create = succeeded(await stack.up());
    shownRemotely = (await api.client.getIntegration(String(runs.create.outputs.connectorId?.value)))
      .authConfig.client_secret;
    runs.refresh = succeeded(await stack.refresh());
    runs.up = succeeded(await stack.up());
    succeeded(await stack.destroy());
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("is answered the secret in clear by the service", () => {
    expect(shownRemotely).toBe(clientSecret);
  });

  it("hands the program only the visible authConfig settings, and the rest of the connector", () => {
    expect(runs.create.outputs.readAuthConfig).toEqual({ value: VISIBLE, secret: false });
    expect(runs.create.outputs.readName?.value).toBe("e2e-service-secrets");
  });

  it("keeps the secret out of the state export, the CLI output and the logs; the connector holds it encrypted", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": clientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });

  it("reports no drift from a secret shown in clear", () => {
    expect(refreshResultsOf(runs.refresh, "connector")).toEqual(["same"]);
    expect(writesOf(runs.up)).toEqual([]);
  });
});

/**
 * A service that masks secret values (`"****"`) instead of leaving them out (the emulator's
 * `secretValues: "masked"`; a variant guarded against, not a body on record): a refresh must take the mask
 * for an unknown value, not a changed one, or every `up --refresh` would PATCH the secret back.
 */
describe("e2e: refresh then up converges against a service that masks secret values", () => {
  const clientSecret = distinctiveSecret("masked-client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  let shownRemotely: unknown;

  beforeAll(async () => {
    api = await startE2eApi({ secretValues: "masked" });
    stack = await E2eStack.create("service-secrets", api, { secrets: { clientSecret } });
    runs.create = succeeded(await stack.up());
    shownRemotely = await fetch(
      `${api.emulator.url}/api/v1/integrations/${String(runs.create.outputs.connectorId?.value)}`,
      { headers: { "x-api-key": api.apiKey } },
    ).then(async (response) => ((await response.json()) as { authConfig: unknown }).authConfig);
    for (const round of [1, 2]) {
      runs[`refresh${round}`] = succeeded(await stack.refresh());
      runs[`up${round}`] = succeeded(await stack.up());
    }
    succeeded(await stack.destroy());
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("is answered the secret masked by the service", () => {
    expect(shownRemotely).toEqual({ ...VISIBLE, client_secret: "****" });
  });

  it("reports no drift on refresh and sends no PATCH on the next up, round after round", () => {
    for (const round of [1, 2]) {
      expect(refreshResultsOf(runs[`refresh${round}`], "connector")).toEqual(["same"]);
      expect(driftOf(runs[`refresh${round}`], "connector")).toEqual([]);
      expect(opsOf(runs[`up${round}`], "connector")).toEqual(["same"]);
      expect(writesOf(runs[`up${round}`])).toEqual([]);
    }
  });

  it("hands the program no mask as a value", () => {
    expect(runs.create.outputs.readAuthConfig?.value).toEqual(VISIBLE);
  });

  it("keeps the secret it applied, encrypted, and leaks it nowhere", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": clientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});

/**
 * The service trims a connector's name: a name with spaces around it used to make a connector under the
 * trimmed name, fail the create with a misleading error and leave that connector outside the stack. It is
 * refused in the preview, naming the field, the rule and the name to write.
 */
describe("e2e: a connector name with spaces around it", () => {
  let api: E2eApi;
  let stack: E2eStack;
  let up: RecordedRun;

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("service-secrets", api, {
      config: { name: "  e2e-padded " },
      secrets: { clientSecret: distinctiveSecret("padded-client-secret") },
    });
    up = await stack.up({ skipPreview: false });
  }, 120_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("fails the preview naming the field and the rule, and creates nothing", async () => {
    expect(up.output).toContain("Previewing update");
    expect(up.output).not.toContain("Updating (");
    expect(up.error).toContain(
      `${CONNECTOR_TYPE} resource 'connector': property name value {  e2e-padded } has a problem: must not start or ` +
        "end with spaces: the service trims connector names, so the connector would not be named as " +
        'written; write "e2e-padded"',
    );
    expect(writesOf(up)).toEqual([]);
    expect(await api.client.findIntegrationByName("e2e-padded")).toBeUndefined();
  });
});
