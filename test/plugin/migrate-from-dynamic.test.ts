import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ConnectorRecord } from "../../src/client";
import { PulumiStack, type CliRun } from "../../tools/pulumi/stack";
import { isSecret, type ResourceState } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { recordWrites, type RecordedRun } from "./support/recorded-run";
import { distinctiveSecret, startE2eApi, type E2eApi } from "../e2e/support/e2e-api";
import { packedPackageDir, stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./support/plugin-tarball";
import { stageSdkProgram } from "./support/quickstart-stack";

const ROOT = join(__dirname, "..", "..");
/** The program's resources: logical name -> kind. */
const RESOURCES = {
  github: "Connector",
  linear: "Connector",
  alice: "ConnectedAccount",
  outside: "IntegrationState",
  events: "TriggerWebhook",
};

/**
 * A stack made with the dynamic resources moves to the provider plugin the way the README says: `pulumi stack
 * export`, `integrations-migrate-to-plugin` (the packed package's bin), `pulumi stack import`, the program
 * switched to the plugin's SDK with the same resources and inputs. Nothing on the service may be written
 * (`pulumi import` would write the client secret again and replace the account, whose key is never shown),
 * and the stack must then show no changes and be refreshed and destroyed through the plugin.
 */
describe("e2e: moving a stack from the dynamic resources to the provider plugin", () => {
  const clientSecret = distinctiveSecret("migrate-client-secret");
  const aliceKey = distinctiveSecret("migrate-alice-key");
  const version = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;
  let api: E2eApi;
  let dynamicStack: PulumiStack;
  let pluginStack: PulumiStack;
  const runs: Record<string, RecordedRun> = {};
  let before: ResourceState[];
  let after: ResourceState[];
  let migratedText: string;
  let migrateOutput: string;
  let importRun: CliRun;
  let outside: ConnectorRecord;

  const record = (command: () => Promise<OperationResult>) =>
    recordWrites(api.emulator, command, { allowFailure: true });

  beforeAll(async () => {
    const tarball = await pluginTarball();
    api = await startE2eApi();
    outside = await api.client.createIntegration({
      name: "migrate-outside",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    const dynamicDir = await stageProgram(join(__dirname, "programs", "migrate-dynamic"), "migrate-dynamic");
    const pluginDir = await stageSdkProgram(join(__dirname, "sdk-programs", "migrate"), "migrate-plugin");
    dynamicStack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir: dynamicDir,
      config: {
        "integrations:baseUrl": api.emulator.url,
        name: "migrate-e2e",
        outsideId: outside.id,
        webhookUrl: "https://hooks.example.com/migrate",
      },
      secrets: { "integrations:apiKey": api.apiKey, clientSecret, aliceKey },
    });
    installPlugin(
      pinnedCli().bin,
      join(dynamicStack.workDir, "home"),
      version,
      tarball,
      process.env.PATH ?? "",
    );

    runs.dynamicUp = await record(() => dynamicStack.up({ skipPreview: true }));
    before = await dynamicStack.resources();

    // The move, as a user types it.
    const exported = join(dynamicStack.workDir, "exported.json");
    const migrated = join(dynamicStack.workDir, "migrated.json");
    api.emulator.requestLog.clear();
    await dynamicStack.cli(["stack", "export", "--stack", dynamicStack.stackName, "--file", exported]);
    migrateOutput = execFileSync(
      process.execPath,
      [join(await packedPackageDir(), "dist", "plugin", "migrate-cli.js"), exported, "--out", migrated],
      { encoding: "utf8" },
    );
    migratedText = readFileSync(migrated, "utf8");
    importRun = await dynamicStack.cli([
      "stack",
      "import",
      "--stack",
      dynamicStack.stackName,
      "--file",
      migrated,
    ]);
    runs.migrate = {
      ...runs.dynamicUp,
      writes: api.emulator.requestLog.entries().map((entry) => entry.method),
    };

    // The program switched to the plugin's SDK; the stack's config file (its secrets' salt) goes along.
    copyFileSync(join(dynamicDir, "Pulumi.dev.yaml"), join(pluginDir, "Pulumi.dev.yaml"));
    pluginStack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir: pluginDir,
      workDir: dynamicStack.workDir,
    });

    runs.preview = await record(() => pluginStack.preview({ expectNoChanges: true }));
    runs.up = await record(() => pluginStack.up({ expectNoChanges: true }));
    after = await pluginStack.resources();
    runs.refresh = await record(() => pluginStack.refresh({ skipPreview: true, expectNoChanges: true }));
    runs.destroy = await record(() => pluginStack.destroy());
  }, 600_000);

  afterAll(async () => {
    await pluginStack?.dispose();
    await dynamicStack?.dispose();
    await api?.close();
  });

  const own = (resources: ResourceState[]) =>
    resources
      .filter((resource) => Object.values(RESOURCES).some((kind) => resource.type.endsWith(`:${kind}`)))
      .sort((a, b) => a.urn.split("::").pop()!.localeCompare(b.urn.split("::").pop()!));
  /** Logical name -> type, id. */
  const table = (resources: ResourceState[]) =>
    Object.fromEntries(own(resources).map((resource) => [resource.urn.split("::").pop(), resource.type]));
  const byName = (resources: ResourceState[], name: string) =>
    resources.find((resource) => resource.urn.endsWith(`::${name}`))!;

  it("starts from a stack of dynamic resources", () => {
    expect(runs.dynamicUp.error).toBeUndefined();
    expect(table(before)).toEqual(
      Object.fromEntries(
        Object.entries(RESOURCES).map(([name, kind]) => [name, `pulumi-nodejs:dynamic/integrations:${kind}`]),
      ),
    );
  });

  it("moves the state with no request to the service, and no secret in clear", () => {
    expect(migrateOutput).toContain("moved 5 resources to the integrations plugin");
    expect([importRun.exitCode, importRun.stderr]).toEqual([0, ""]);
    expect(runs.migrate.writes).toEqual([]);
    expect(migratedText).not.toContain("__provider");
    expect(migratedText).not.toContain(clientSecret);
    expect(migratedText).not.toContain(aliceKey);
  });

  it("shows no changes in the preview and the update of the plugin's program, and writes nothing", () => {
    expect(runs.preview.error).toBeUndefined();
    expect(runs.up.error).toBeUndefined();
    expect(runs.preview.writes).toEqual([]);
    expect(runs.up.writes).toEqual([]);
  });

  it("writes the default provider the engine registers for the plugin's program: its URN, id, version and download URL", () => {
    const written = (
      JSON.parse(migratedText) as { deployment: { resources: ResourceState[] } }
    ).deployment.resources.find((resource) => resource.type === "pulumi:providers:integrations")!;
    const stored = after.filter((resource) => resource.type === "pulumi:providers:integrations");
    expect(stored.map(({ urn, id }) => ({ urn, id }))).toEqual([{ urn: written.urn, id: written.id }]);
    expect(written.urn).toMatch(
      /::default_\d+_\d+_\d+_github_\/api\.github\.com\/pulumi-integrations\/pulumi-integrations$/,
    );
    const { version, __internal } = stored[0]!.inputs;
    expect({ version, __internal }).toEqual({
      version: written.inputs.version,
      __internal: written.inputs.__internal,
    });
  });

  it("keeps the same objects, now the plugin's, their secrets still secret", () => {
    expect(table(after)).toEqual(
      Object.fromEntries(
        Object.entries(RESOURCES).map(([name, kind]) => [name, `integrations:index:${kind}`]),
      ),
    );
    expect(own(after).map((resource) => resource.id)).toEqual(own(before).map((resource) => resource.id));
    for (const resource of own(after)) expect(resource.provider).toMatch(/::pulumi:providers:integrations::/);
    expect(isSecret(byName(after, "github").inputs.authConfig)).toBe(true);
    expect(isSecret(byName(after, "github").outputs.authConfig)).toBe(true);
    expect(isSecret(byName(after, "alice").inputs.data)).toBe(true);
    expect(isSecret(byName(after, "events").outputs.webhookSecret)).toBe(true);
    expect(after.some((resource) => resource.type === "pulumi:providers:pulumi-nodejs")).toBe(false);
    // Where each object lives is carried over as the dynamic resources recorded it.
    const where = (resources: ResourceState[]) =>
      own(resources).map(({ outputs }) => [outputs.serviceUrl, outputs.accountId]);
    expect(where(after)).toEqual(where(before));
    expect(new Set(where(after).map(([url, account]) => `${String(url)} ${String(account)}`))).toEqual(
      new Set([`${api.emulator.url} ${api.emulator.accountIdOf(api.apiKey)}`]),
    );
  });

  it("refreshes with no changes and destroys through the plugin: owned objects deleted, the rest handed back", async () => {
    expect(runs.refresh.error).toBeUndefined();
    expect(runs.refresh.writes).toEqual([]);
    expect(runs.destroy.error).toBeUndefined();
    expect(runs.destroy.writes).toEqual(
      expect.arrayContaining([
        "DELETE /api/v1/integrations/:integrationId",
        "DELETE /api/v1/connectedAccounts/:connectedAccountId",
        "PATCH /api/v1/integrations/:integrationId",
      ]),
    );
    const live = (await api.client.getIntegration(String(runs.dynamicUp.outputs.githubId?.value))).deleted;
    expect(live).toBe(true);
    await expect(api.client.getIntegration(outside.id)).resolves.toMatchObject({ enabled: true });
  });
});
