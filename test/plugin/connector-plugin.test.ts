import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collect, type ConnectorRecord } from "../../src/client";
import type { RequestLogEntry } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import { isSecret, type ResourceState } from "../../tools/pulumi/state";
import type { OperationResult, Step } from "../../tools/pulumi/types";
import { recordWrites, type RecordedRun } from "./support/recorded-run";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { compileProgram, createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, languageHostPath, pluginTarball } from "./support/plugin-tarball";

const ROOT = join(__dirname, "..", "..");
const TYPE = "integrations:index:Connector";
const STATE = "integrations:index:IntegrationState";
const INSTANCE = "integrations:index:TriggerInstance";
const POST = "POST /api/v1/integrations";
const PATCH = "PATCH /api/v1/integrations/:integrationId";
const DELETE = "DELETE /api/v1/integrations/:integrationId";
const SET_URL = "POST /api/v1/triggers/set_callback_url";
const PRIOR_URL = "https://hooks.example.com/before-the-stack";
const WEBHOOK_URL = "https://hooks.example.com/plugin-e2e";

/**
 * The provider plugin under the real `pulumi` CLI: installed from its tarball into the stack's PULUMI_HOME
 * (no download: automatic acquisition is off), its default provider configured from the stack config, and a
 * Node program that registers the five resources (`integrations:index:<Type>`) and invokes getTriggers by
 * token (no generated SDK). One stack, one scenario, run once; each test reads what its step did.
 */
describe("e2e: the provider plugin's resources and invokes", () => {
  const clientSecret = distinctiveSecret("plugin-client-secret");
  const accountToken = distinctiveSecret("plugin-account-token");
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
  let api: E2eApi;
  /** The account of the explicit provider: another service. */
  let secondApi: E2eApi;
  let stack: PulumiStack;
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, ConnectorRecord> = {};
  const states: Record<string, string> = {};
  let resources: ResourceState[];
  let outside: ConnectorRecord;
  /** A connector the stack manages the state of (IntegrationState "managed"), never owns. */
  let managedTarget: ConnectorRecord;
  /** A connector whose state is imported (IntegrationState "importedState"). */
  let stateOutside: ConnectorRecord;
  let outsideStarsId: string;
  let connectorId: string;
  let otherWrites: RequestLogEntry[];
  let webhookSecret: string;
  let leftOver: { connectors: string[]; accounts: number; instances: number; url?: string; managed: boolean };

  const record = (command: () => Promise<OperationResult>) => recordWrites(api.emulator, command);

  beforeAll(async () => {
    const tarball = await pluginTarball();
    api = await startE2eApi();
    secondApi = await startE2eApi();
    const stage = createStageRoot();
    mkdirSync(join(stage, "programs"), { recursive: true });
    const programDir = mkdtempSync(join(stage, "programs", "plugin-connector-"));
    cpSync(join(__dirname, "programs", "connector"), programDir, { recursive: true });
    compileProgram(programDir);
    const workDir = mkdtempSync(join(stage, "plugin-stack-"));
    installPlugin(pinnedCli().bin, join(workDir, "home"), version, tarball, process.env.PATH ?? "");
    managedTarget = await api.client.createIntegration({
      name: "plugin-e2e-managed",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    await api.client.setCallbackUrl(PRIOR_URL);
    stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir,
      workDir,
      config: {
        "integrations:baseUrl": api.emulator.url,
        name: "plugin-e2e",
        pluginVersion: version,
        secondBaseUrl: secondApi.emulator.url,
        managedId: managedTarget.id,
        webhookUrl: WEBHOOK_URL,
      },
      secrets: {
        "integrations:apiKey": api.apiKey,
        clientSecret,
        accountToken,
        secondApiKey: secondApi.apiKey,
      },
    });

    runs.preview = await record(() => stack.preview());
    secondApi.emulator.requestLog.clear();

    runs.create = await record(() => stack.up({ skipPreview: true }));
    connectorId = String(runs.create.outputs.connectorId?.value);
    otherWrites = secondApi.emulator.requestLog
      .entries()
      .filter((entry: RequestLogEntry) => entry.method !== "GET");
    remote.other = await secondApi.client.getIntegration(String(runs.create.outputs.otherId?.value));
    remote.created = await api.client.getIntegration(connectorId);
    remote.managed = await api.client.getIntegration(managedTarget.id);
    webhookSecret = (await api.client.getWebhookSettings()).webhookSecret ?? "";
    states.create = await stack.stateText();

    runs.again = await record(() => stack.up());

    await api.client.updateIntegration(connectorId, { enabled: false });
    runs.refresh = await record(() => stack.refresh({ skipPreview: true }));
    runs.restore = await record(() => stack.up({ skipPreview: true }));
    remote.restored = await api.client.getIntegration(connectorId);

    // A connector, the state of another, and a trigger instance on the stack's account, made outside the
    // stack, imported by id in one `pulumi import`, then declared in the program as they are.
    outside = await api.client.createIntegration({
      name: "plugin-e2e-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    stateOutside = await api.client.createIntegration({
      name: "plugin-e2e-state-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    await api.client.updateIntegration(stateOutside.id, { enabled: false });
    outsideStarsId = (
      await api.client.enableTrigger(
        String(runs.create.outputs.accountId?.value),
        "GITHUB_STAR_ADDED_EVENT",
        {
          owner: "octocat",
          repo: "outside",
        },
      )
    ).triggerId;
    const importFile = join(stack.workDir, "import.json");
    writeFileSync(
      importFile,
      JSON.stringify({
        resources: [
          { type: TYPE, name: "imported", id: outside.id },
          { type: STATE, name: "importedState", id: stateOutside.id },
          { type: INSTANCE, name: "importedStars", id: outsideStarsId },
        ],
      }),
    );
    api.emulator.requestLog.clear();
    // `pulumi import` loads a language host itself (to ask which packages the program needs): one on PATH.
    const path = process.env.PATH;
    process.env.PATH = `${languageHostPath()}:${path ?? ""}`;
    const imported = await stack.cli([
      "import",
      "--file",
      importFile,
      "--stack",
      stack.stackName,
      "--generate-code=false",
      "--protect=false",
      "--yes",
      "--skip-preview",
    ]);
    process.env.PATH = path;
    if (imported.exitCode !== 0) throw new Error(`import failed: ${imported.stderr}${imported.stdout}`);
    runs.import = {
      kind: "import",
      steps: [],
      outputs: {},
      log: [],
      output: imported.stdout + imported.stderr,
      exitCode: imported.exitCode,
      durationMs: 0,
      writes: api.emulator.requestLog
        .entries()
        .filter((entry: RequestLogEntry) => entry.method !== "GET")
        .map((entry: RequestLogEntry) => `${entry.method} ${entry.route}`),
    };
    resources = await stack.resources();
    await stack.setConfig("importedName", outside.name);
    await stack.setConfig("importedStateId", stateOutside.id);
    await stack.setConfig("importedStars", outsideStarsId);
    runs.afterImport = await record(() => stack.up());
    states.afterImport = await stack.stateText();

    runs.destroy = await record(() => stack.destroy({ skipPreview: true }));
    remote.destroyed = await api.client.getIntegration(connectorId);
    remote.outsideDestroyed = await api.client.getIntegration(outside.id);
    remote.otherDestroyed = await secondApi.client.getIntegration(remote.other!.id);
    const live = await collect(api.client.listIntegrations({ showDisabled: true }));
    leftOver = {
      connectors: live.filter((record) => record.deleted !== true).map((record) => record.id),
      accounts: (await collect(api.client.listConnectedAccounts({}))).length,
      instances: (await collect(api.client.activeTriggers({ showDisabled: true }))).length,
      url: await api.client.getCallbackUrl(),
      managed: (await api.client.getIntegration(managedTarget.id)).enabled,
    };
  }, 600_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
    await secondApi?.close();
  });

  const stepsOf = (run: RecordedRun, name: string): Step[] => run.steps.filter((step) => step.name === name);
  const count = (writes: string[], route: string) => writes.filter((write) => write === route).length;
  const stateOf = (text: string) =>
    JSON.parse(text) as {
      deployment: {
        resources: {
          type: string;
          urn: string;
          inputs?: Record<string, unknown>;
          outputs?: Record<string, unknown>;
        }[];
      };
    };

  it("previews the first up, with an explicit provider whose base URL is not known yet, writing nothing", () => {
    const ops = Object.fromEntries(runs.preview.steps.map((step) => [step.name, step.op]));
    expect(ops).toMatchObject({
      connector: "create",
      second: "create",
      other: "create",
      tokens: "create",
      account: "create",
      stars: "create",
      hook: "create",
      managed: "create",
    });
    expect(runs.preview.writes).toEqual([]);
  });

  it("creates the connector through the plugin's default provider, configured from the stack config", () => {
    expect(stepsOf(runs.create, "connector").map((step) => step.op)).toEqual(["create"]);
    expect(stepsOf(runs.create, "connector")[0]?.type).toBe(TYPE);
    expect(count(runs.create.writes, POST)).toBe(2);
    expect(remote.created).toMatchObject({
      name: "plugin-e2e",
      appName: "github",
      authScheme: "OAUTH2",
      enabled: true,
    });
    expect(remote.created.authConfig).toMatchObject({ client_id: "plugin-e2e-client-id", scopes: ["repo"] });
  });

  it("creates the other connector in the explicit provider's account, with its own arguments", () => {
    expect(stepsOf(runs.create, "other").map((step) => step.op)).toEqual(["create"]);
    expect(otherWrites.map((entry) => `${entry.method} ${entry.route}`)).toEqual([POST]);
    expect(remote.other).toMatchObject({ name: "plugin-e2e-other", authScheme: "BEARER_TOKEN" });
  });

  it("creates the account, its trigger instance, the callback URL and the state of a connector it does not own", () => {
    for (const name of ["tokens", "account", "stars", "hook", "managed"]) {
      expect(stepsOf(runs.create, name).map((step) => step.op)).toEqual(["create"]);
    }
    expect(runs.create.outputs.accountStatus?.value).toBe("ACTIVE");
    expect(runs.create.outputs.hookId?.value).toBe("callback-url");
    expect(runs.create.writes).toEqual(
      expect.arrayContaining([
        "POST /api/v1/connectedAccounts",
        "POST /api/v1/triggers/enable/:connectedAccountId/:triggerName",
        SET_URL,
        PATCH,
      ]),
    );
    expect(remote.managed.enabled).toBe(false);
  });

  it("answers the invoke from the default provider, and warns about its deprecated argument", () => {
    const names = runs.create.outputs.githubTriggers?.value as string[];
    expect(names).toContain("GITHUB_STAR_ADDED_EVENT");
    expect(runs.create.output).toContain("getTriggers: `showEnabledOnly` is deprecated.");
  });

  it("keeps the secrets secret in state (authConfig, the account's data, the signing secret), none in clear", () => {
    const { resources } = stateOf(states.create!).deployment;
    const byType = (type: string, name?: string) =>
      resources.find((resource) => resource.type === type && (!name || resource.urn.endsWith(`::${name}`)))!;
    const connector = byType(TYPE, "connector");
    expect(isSecret(connector.outputs?.authConfig as never)).toBe(true);
    expect(isSecret(connector.inputs?.authConfig as never)).toBe(true);
    const account = byType("integrations:index:ConnectedAccount");
    expect(isSecret(account.inputs?.data as never)).toBe(true);
    expect(isSecret(account.outputs?.data as never)).toBe(true);
    const hook = byType("integrations:index:TriggerWebhook");
    expect(isSecret(hook.outputs?.webhookSecret as never)).toBe(true);
    const provider = byType("pulumi:providers:integrations");
    expect(isSecret(provider.inputs?.apiKey as never)).toBe(true);
    expect(webhookSecret.length).toBeGreaterThan(0);
    for (const value of [clientSecret, accountToken, webhookSecret, api.apiKey]) {
      expect(states.create).not.toContain(value);
    }
  });

  it("changes nothing on a second up (its preview included): every step same, no write", () => {
    expect(runs.again.steps.length).toBeGreaterThan(0);
    expect(runs.again.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.again.writes).toEqual([]);
  });

  it("refresh reads an out-of-band disable as drift of enabled, without writing; the next up restores it", () => {
    const refreshed = stepsOf(runs.refresh, "connector").find((step) => step.op === "refresh");
    expect(refreshed?.diffs).toContain("enabled");
    const drifted = runs.refresh.steps
      .filter((step) => step.op === "refresh" && (step.diffs ?? []).length > 0)
      .map((step) => step.name);
    // The account's app, which the create's answer does not carry, comes in with the first read.
    expect(drifted.sort()).toEqual(["account", "connector"]);
    expect(stepsOf(runs.refresh, "account")[0]?.diffs).toEqual(["appName"]);
    expect(runs.refresh.writes).toEqual([]);
    expect(stepsOf(runs.restore, "connector").map((step) => step.op)).toEqual(["update"]);
    expect(stepsOf(runs.restore, "connector")[0]?.diffs).toEqual(["enabled"]);
    expect(runs.restore.writes).toEqual([PATCH]);
    expect(remote.restored.enabled).toBe(true);
  });

  it("imports a connector, the state of another and a trigger instance, made outside the stack, by id alone, writing nothing", () => {
    expect(runs.import.writes).toEqual([]);
    const imported = resources.find((resource) => resource.urn === stack.urn(TYPE, "imported"));
    expect(imported?.id).toBe(outside.id);
    // No input at its default: what `pulumi import` would write into the program names only what it has.
    expect(imported?.inputs).toEqual({
      name: "plugin-e2e-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
    });
    // Where it lives, recorded by the import as by a create.
    expect(imported?.outputs).toMatchObject({
      name: "plugin-e2e-outside",
      appId: outside.appId,
      serviceUrl: api.emulator.url,
      accountId: api.emulator.accountIdOf(api.apiKey),
    });
    const state = resources.find((resource) => resource.urn === stack.urn(STATE, "importedState"));
    expect(state?.id).toBe(stateOutside.id);
    expect(state?.inputs).toEqual({
      integrationId: stateOutside.id,
      enabled: false,
      resourceName: "importedState",
    });
    const stars = resources.find((resource) => resource.urn === stack.urn(INSTANCE, "importedStars"));
    expect(stars?.id).toBe(outsideStarsId);
    expect(stars?.inputs).toMatchObject({
      triggerName: "GITHUB_STAR_ADDED_EVENT",
      triggerConfig: { owner: "octocat", repo: "outside" },
    });
    expect(stars?.inputs).not.toHaveProperty("enabled");
  });

  it("then an up of the program that declares them shows no changes", () => {
    for (const name of ["imported", "importedState", "importedStars"]) {
      expect(stepsOf(runs.afterImport, name).map((step) => step.op)).toEqual(["same"]);
    }
    expect(runs.afterImport.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.afterImport.writes).toEqual([]);
    expect(runs.afterImport.outputs.importedId?.value).toBe(outside.id);
  });

  it("destroy leaves nothing the stack owned: connectors, account and instances deleted, URL and state put back", () => {
    expect(runs.destroy.steps.filter((step) => step.type === TYPE).map((step) => step.op)).toEqual([
      "delete",
      "delete",
      "delete",
      "delete",
    ]);
    expect(count(runs.destroy.writes, DELETE)).toBe(3);
    expect(remote.otherDestroyed.deleted).toBe(true);
    expect(remote.destroyed.deleted).toBe(true);
    expect(remote.outsideDestroyed.deleted).toBe(true);
    // Left: the two connectors whose state the stack managed (one put back, one retained as imported).
    expect(leftOver.connectors.sort()).toEqual([managedTarget.id, stateOutside.id].sort());
    expect(leftOver.managed).toBe(true);
    expect(leftOver).toMatchObject({ accounts: 0, instances: 0, url: PRIOR_URL });
    expect(states.afterImport).not.toContain(clientSecret);
    expect(states.afterImport).not.toContain(accountToken);
  });
});
