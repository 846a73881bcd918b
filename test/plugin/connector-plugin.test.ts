import { cpSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConnectorRecord } from "../../src/client";
import type { RequestLogEntry } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import { isSecret, type ResourceState } from "../../tools/pulumi/state";
import type { OperationResult, Step } from "../../tools/pulumi/types";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { compileProgram, createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, languageHostPath, pluginTarball } from "./support/plugin-tarball";

const ROOT = join(__dirname, "..", "..");
const TYPE = "integrations:index:Connector";
const POST = "POST /api/v1/integrations";
const PATCH = "PATCH /api/v1/integrations/:integrationId";
const DELETE = "DELETE /api/v1/integrations/:integrationId";

interface Run extends OperationResult {
  writes: string[];
}

/**
 * The provider plugin under the real `pulumi` CLI: installed from its tarball into the stack's PULUMI_HOME
 * (no download: automatic acquisition is off), its default provider configured from the stack config, and a
 * Node program that registers `integrations:index:Connector` by token (no generated SDK yet). One stack, one
 * scenario, run once; each test reads what its step did.
 */
describe("e2e: a Connector served by the provider plugin", () => {
  const clientSecret = distinctiveSecret("plugin-client-secret");
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
  let api: E2eApi;
  /** The account of the explicit provider: another service. */
  let secondApi: E2eApi;
  let stack: PulumiStack;
  const runs: Record<string, Run> = {};
  const remote: Record<string, ConnectorRecord> = {};
  const states: Record<string, string> = {};
  let resources: ResourceState[];
  let outside: ConnectorRecord;
  let connectorId: string;
  let otherWrites: RequestLogEntry[];

  async function run(command: () => Promise<OperationResult>): Promise<Run> {
    api.emulator.requestLog.clear();
    const result = await command();
    if (result.error !== undefined)
      throw new Error(`${result.kind} failed: ${result.error}\n${result.output}`);
    const writes = api.emulator.requestLog
      .entries()
      .filter((entry: RequestLogEntry) => entry.method !== "GET")
      .map((entry: RequestLogEntry) => `${entry.method} ${entry.route}`);
    return { ...result, writes };
  }

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
    stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir,
      workDir,
      config: {
        "integrations:baseUrl": api.emulator.url,
        name: "plugin-e2e",
        pluginVersion: version,
        secondBaseUrl: secondApi.emulator.url,
      },
      secrets: { "integrations:apiKey": api.apiKey, clientSecret, secondApiKey: secondApi.apiKey },
    });

    runs.preview = await run(() => stack.preview());
    secondApi.emulator.requestLog.clear();

    runs.create = await run(() => stack.up({ skipPreview: true }));
    connectorId = String(runs.create.outputs.connectorId?.value);
    otherWrites = secondApi.emulator.requestLog
      .entries()
      .filter((entry: RequestLogEntry) => entry.method !== "GET");
    remote.other = await secondApi.client.getIntegration(String(runs.create.outputs.otherId?.value));
    remote.created = await api.client.getIntegration(connectorId);
    states.create = await stack.stateText();

    runs.again = await run(() => stack.up());

    await api.client.updateIntegration(connectorId, { enabled: false });
    runs.refresh = await run(() => stack.refresh({ skipPreview: true }));
    runs.restore = await run(() => stack.up({ skipPreview: true }));
    remote.restored = await api.client.getIntegration(connectorId);

    // A connector made outside the stack, imported by id, then declared in the program as it is.
    outside = await api.client.createIntegration({
      name: "plugin-e2e-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    api.emulator.requestLog.clear();
    // `pulumi import` loads a language host itself (to ask which packages the program needs): one on PATH.
    const path = process.env.PATH;
    process.env.PATH = `${languageHostPath()}:${path ?? ""}`;
    const imported = await stack.cli([
      "import",
      TYPE,
      "imported",
      outside.id,
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
    runs.afterImport = await run(() => stack.up());
    states.afterImport = await stack.stateText();

    runs.destroy = await run(() => stack.destroy({ skipPreview: true }));
    remote.destroyed = await api.client.getIntegration(connectorId);
    remote.outsideDestroyed = await api.client.getIntegration(outside.id);
    remote.otherDestroyed = await secondApi.client.getIntegration(remote.other!.id);
  }, 600_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
    await secondApi?.close();
  });

  const stepsOf = (run: Run, name: string): Step[] => run.steps.filter((step) => step.name === name);

  it("previews the first up, with an explicit provider whose base URL is not known yet, writing nothing", () => {
    const ops = Object.fromEntries(runs.preview.steps.map((step) => [step.name, step.op]));
    expect(ops).toMatchObject({ connector: "create", second: "create", other: "create" });
    expect(runs.preview.writes).toEqual([]);
  });

  it("creates the connector through the plugin's default provider, configured from the stack config", () => {
    expect(stepsOf(runs.create, "connector").map((step) => step.op)).toEqual(["create"]);
    expect(stepsOf(runs.create, "connector")[0]?.type).toBe(TYPE);
    expect(runs.create.writes).toEqual([POST]);
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

  it("keeps authConfig secret in state, and neither the client secret nor the API key in clear", () => {
    const state = JSON.parse(states.create!) as {
      deployment: {
        resources: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[];
      };
    };
    const connector = state.deployment.resources.find((resource) => resource.type === TYPE)!;
    expect(isSecret(connector.outputs?.authConfig as never)).toBe(true);
    expect(isSecret(connector.inputs?.authConfig as never)).toBe(true);
    const provider = state.deployment.resources.find(
      (resource) => resource.type === "pulumi:providers:integrations",
    )!;
    expect(isSecret(provider.inputs?.apiKey as never)).toBe(true);
    expect(states.create).not.toContain(clientSecret);
    expect(states.create).not.toContain(api.apiKey);
  });

  it("changes nothing on a second up (its preview included): every step same, no write", () => {
    expect(runs.again.steps.length).toBeGreaterThan(0);
    expect(runs.again.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.again.writes).toEqual([]);
  });

  it("refresh reads an out-of-band disable as drift of enabled, without writing; the next up restores it", () => {
    const refreshed = stepsOf(runs.refresh, "connector").find((step) => step.op === "refresh");
    expect(refreshed?.diffs).toContain("enabled");
    expect(runs.refresh.writes).toEqual([]);
    expect(stepsOf(runs.restore, "connector").map((step) => step.op)).toEqual(["update"]);
    expect(stepsOf(runs.restore, "connector")[0]?.diffs).toEqual(["enabled"]);
    expect(runs.restore.writes).toEqual([PATCH]);
    expect(remote.restored.enabled).toBe(true);
  });

  it("imports a connector made outside the stack by its id alone, writing nothing", () => {
    expect(runs.import.writes).toEqual([]);
    const imported = resources.find((resource) => resource.urn === stack.urn(TYPE, "imported"));
    expect(imported?.id).toBe(outside.id);
    expect(imported?.inputs).toEqual({
      name: "plugin-e2e-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      enabled: true,
      useServiceAuth: false,
      forceNewIntegration: true,
      deletionPolicy: "delete",
    });
    expect(imported?.outputs).toMatchObject({ name: "plugin-e2e-outside", appId: outside.appId });
  });

  it("then an up of the program that declares it shows no changes", () => {
    expect(stepsOf(runs.afterImport, "imported").map((step) => step.op)).toEqual(["same"]);
    expect(runs.afterImport.steps.filter((step) => step.op !== "same")).toEqual([]);
    expect(runs.afterImport.writes).toEqual([]);
    expect(runs.afterImport.outputs.importedId?.value).toBe(outside.id);
  });

  it("destroy deletes the three connectors (deletionPolicy delete), each in its account", () => {
    expect(runs.destroy.steps.filter((step) => step.type === TYPE).map((step) => step.op)).toEqual([
      "delete",
      "delete",
      "delete",
    ]);
    expect(runs.destroy.writes).toEqual([DELETE, DELETE]);
    expect(remote.otherDestroyed.deleted).toBe(true);
    expect(remote.destroyed.deleted).toBe(true);
    expect(remote.outsideDestroyed.deleted).toBe(true);
    expect(states.afterImport).not.toContain(clientSecret);
  });
});
