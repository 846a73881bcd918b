import { execFileSync } from "node:child_process";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { collect, type IntegrationSummary } from "../../src/client";
import type { RequestLogEntry } from "../../src/emulator";
import { PulumiStack, type CliRun } from "../../tools/pulumi/stack";
import { isSecret, type ResourceState } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { packedPackageDir, stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./support/plugin-tarball";

const ROOT = join(__dirname, "..", "..");
const PROGRAMS = join(__dirname, "programs");

interface Run extends OperationResult {
  writes: string[];
}

/**
 * A stack made with the dynamic resources moves to the provider plugin the way the README says: `pulumi stack
 * export`, `integrations-migrate-to-plugin` (the packed package's bin), `pulumi stack import`, the program
 * switched to the plugin's resources. Nothing on the service may be written, and the stack must then show no
 * changes and be refreshed and destroyed by the plugin.
 */
describe("e2e: moving a stack from the dynamic resources to the provider plugin", () => {
  const clientSecret = distinctiveSecret("migrate-client-secret");
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
  let api: E2eApi;
  let stack: PulumiStack;
  const runs: Record<string, Run> = {};
  let before: ResourceState[];
  let after: ResourceState[];
  let migratedText: string;
  let migrateOutput: string;
  let importRun: CliRun;
  let remoteBefore: IntegrationSummary[];
  let remoteAfter: IntegrationSummary[];
  let remoteDestroyed: IntegrationSummary[];

  async function run(command: () => Promise<OperationResult>): Promise<Run> {
    api.emulator.requestLog.clear();
    const result = await command();
    const writes = api.emulator.requestLog
      .entries()
      .filter((entry: RequestLogEntry) => entry.method !== "GET")
      .map((entry: RequestLogEntry) => `${entry.method} ${entry.route}`);
    return { ...result, writes };
  }

  const liveConnectors = async () =>
    (await collect(api.client.listIntegrations())).filter((connector) => connector.deleted !== true);

  beforeAll(async () => {
    const tarball = await pluginTarball();
    api = await startE2eApi();
    const programDir = await stageProgram(join(PROGRAMS, "migrate-dynamic"), "migrate-dynamic");
    const pluginProgramDir = await stageProgram(join(PROGRAMS, "migrate-plugin"), "migrate-plugin");
    stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir,
      config: { "integrations:baseUrl": api.emulator.url, name: "migrate-e2e", pluginVersion: version },
      secrets: { "integrations:apiKey": api.apiKey, clientSecret },
    });
    installPlugin(pinnedCli().bin, join(stack.workDir, "home"), version, tarball, process.env.PATH ?? "");

    runs.dynamicUp = await run(() => stack.up({ skipPreview: true }));
    before = await stack.resources();
    remoteBefore = await liveConnectors();

    // The move, as a user types it.
    const exported = join(stack.workDir, "exported.json");
    const migrated = join(stack.workDir, "migrated.json");
    await stack.cli(["stack", "export", "--stack", stack.stackName, "--file", exported]);
    api.emulator.requestLog.clear();
    migrateOutput = execFileSync(
      process.execPath,
      [join(await packedPackageDir(), "dist", "plugin", "migrate-cli.js"), exported, "--out", migrated],
      { encoding: "utf8" },
    );
    migratedText = readFileSync(migrated, "utf8");
    importRun = await stack.cli(["stack", "import", "--stack", stack.stackName, "--file", migrated]);
    runs.migrate = {
      ...runs.dynamicUp,
      writes: api.emulator.requestLog.entries().map((entry) => entry.method),
    };
    cpSync(join(pluginProgramDir, "index.js"), join(programDir, "index.js"));

    runs.preview = await run(() => stack.preview({ expectNoChanges: true }));
    runs.up = await run(() => stack.up({ expectNoChanges: true }));
    after = await stack.resources();
    runs.refresh = await run(() => stack.refresh({ skipPreview: true, expectNoChanges: true }));
    remoteAfter = await liveConnectors();
    runs.destroy = await run(() => stack.destroy());
    remoteDestroyed = await liveConnectors();
  }, 600_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  const own = (resources: ResourceState[]) =>
    resources.filter((resource) => resource.type.endsWith(":Connector"));

  it("starts from a stack of dynamic connectors", () => {
    expect(runs.dynamicUp.error).toBeUndefined();
    expect(own(before).map((resource) => resource.type)).toEqual([
      "pulumi-nodejs:dynamic/integrations:Connector",
      "pulumi-nodejs:dynamic/integrations:Connector",
    ]);
    expect(remoteBefore).toHaveLength(2);
  });

  it("moves the state with no request to the service", () => {
    expect(migrateOutput).toContain("moved 2 resources to the integrations plugin");
    expect([importRun.exitCode, importRun.stderr]).toEqual([0, ""]);
    expect(runs.migrate.writes).toEqual([]);
    expect(migratedText).not.toContain("__provider");
    expect(migratedText).not.toContain(clientSecret);
  });

  it("shows no changes in the preview and the update of the plugin's program, and writes nothing", () => {
    expect(runs.preview.error).toBeUndefined();
    expect(runs.up.error).toBeUndefined();
    expect(runs.preview.writes).toEqual([]);
    expect(runs.up.writes).toEqual([]);
  });

  it("keeps the same objects, now the plugin's, the client secret still secret", () => {
    const connectors = own(after);
    expect(connectors.map((resource) => resource.type)).toEqual([
      "integrations:index:Connector",
      "integrations:index:Connector",
    ]);
    expect(connectors.map((resource) => resource.id).sort()).toEqual(
      own(before)
        .map((resource) => resource.id)
        .sort(),
    );
    for (const resource of connectors) expect(resource.provider).toMatch(/::pulumi:providers:integrations::/);
    const github = connectors.find((resource) => resource.urn.endsWith("::github"))!;
    expect(isSecret(github.inputs.authConfig)).toBe(true);
    expect(isSecret(github.outputs.authConfig)).toBe(true);
    expect(after.some((resource) => resource.type === "pulumi:providers:pulumi-nodejs")).toBe(false);
    expect(remoteAfter.map((connector) => [connector.id, connector.name]).sort()).toEqual(
      remoteBefore.map((connector) => [connector.id, connector.name]).sort(),
    );
  });

  it("refreshes with no changes and destroys through the plugin", () => {
    expect(runs.refresh.error).toBeUndefined();
    expect(runs.refresh.writes).toEqual([]);
    expect(runs.destroy.error).toBeUndefined();
    expect(runs.destroy.writes.sort()).toEqual([
      "DELETE /api/v1/integrations/:integrationId",
      "DELETE /api/v1/integrations/:integrationId",
    ]);
    expect(remoteDestroyed).toEqual([]);
  });
});
