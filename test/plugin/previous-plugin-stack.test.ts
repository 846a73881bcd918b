/**
 * A stack made with the provider plugin of an earlier commit (7e150a4, plugin 0.1.0) keeps working with the
 * plugin built from this checkout: its exported state (test/fixtures/previous-plugin, README there) is
 * imported into a new stack of the same program, on the plugin tarball of this checkout installed into the
 * stack's PULUMI_HOME, against an emulator restored from that run's data file. Every resource is read,
 * diffed and deleted by this checkout's plugin on the old plugin's inputs and outputs.
 *
 * What differs from the dynamic provider's fixture (test/e2e/previous-release-stack.test.ts): the plugin's
 * default provider is a resource of its own in state (`pulumi:providers:integrations::default_<version>`),
 * whose inputs hold the stack config of the last up, the old `integrations:baseUrl` included, and whose
 * DiffConfig says that another base URL is another service: it replaces the provider, and with it every
 * resource. The tests below record what the engine (pulumi v3.276.0) does with that.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ApiClient, NotFoundError } from "../../src/client";
import type { ConnectorRecord } from "../../src/client";
import { startEmulator } from "../../src/emulator";
import { PLUGIN_DOWNLOAD_URL } from "../../src/plugin/resources";
import type { RunningEmulator } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import { exportedDeploymentSchema, urnName } from "../../tools/pulumi/state";
import type { ResourceState } from "../../tools/pulumi/state";
import type { CommandKind, OperationResult } from "../../tools/pulumi/types";
import type { RecordedRun } from "../e2e/support/e2e-stack";
import { opsOf, refreshResultsOf, succeeded, writesOf } from "../e2e/support/steps";
import { withoutSdkRpcTraces } from "../e2e/support/leak-checks";
import { FAKE_SECRETS, PASSPHRASE } from "../fixtures/previous-plugin/secrets";
import { compileProgram, createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { leaksIn } from "../support/secret-leaks";
import { installPlugin, pluginTarball } from "./support/plugin-tarball";

const ROOT = resolve(__dirname, "..", "..");
const FIXTURE = join(ROOT, "test", "fixtures", "previous-plugin");
const OWN = "integrations:index:";
const PROVIDER = "pulumi:providers:integrations";
const WEBHOOK_URL = "https://hooks.example.invalid/previous-plugin";
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

const RESOURCE_NAMES = ["github", "trello", "external", "release-board", "new-cards", "events"];

/** The fixture's state, as the old plugin's up left it. */
const FIXTURE_RESOURCES =
  exportedDeploymentSchema.parse(JSON.parse(readFileSync(join(FIXTURE, "stack.json"), "utf8"))).deployment
    .resources ?? [];
/** The id of each resource of the program (by name), as stack.json records it. */
const OLD_IDS = new Map(FIXTURE_RESOURCES.map((resource) => [urnName(resource.urn), resource.id ?? ""]));
function oldId(name: string): string {
  const id = OLD_IDS.get(name);
  if (!id) throw new Error(`stack.json has no id for ${name}`);
  return id;
}
const OLD = {
  github: oldId("github"),
  trello: oldId("trello"),
  external: oldId("external"),
  account: oldId("release-board"),
  instance: oldId("new-cards"),
  provider: FIXTURE_RESOURCES.find((resource) => resource.type === PROVIDER)?.id ?? "",
  baseUrl: String(FIXTURE_RESOURCES.find((resource) => resource.type === PROVIDER)?.inputs?.baseUrl),
  pluginVersion: String(FIXTURE_RESOURCES.find((resource) => resource.type === PROVIDER)?.inputs?.version),
};

let dataDir: string;
let emulator: RunningEmulator;
let client: ApiClient;
let programDir: string;
let home: string;
let stack: PulumiStack;
/** The tenant's signing key, as the emulator restored it: a secret of the stack's state too. */
let webhookSecret: string;
const runs: Record<string, RecordedRun> = {};
const stateTexts: string[] = [];
let imported: ResourceState[];
let afterStaleRefresh: ResourceState[];
let afterRefresh: ResourceState[];
let afterUp: ResourceState[];
let afterDestroy: ResourceState[];
const remote: Record<string, unknown> = {};

async function connectorOrUndefined(id: string): Promise<ConnectorRecord | undefined> {
  return client.getIntegration(id).then(
    (record) => (record.deleted ? undefined : record),
    (error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    },
  );
}

async function accountOrUndefined(id: string): Promise<string | undefined> {
  return client.getConnectedAccount(id).then(
    (account) => account.status,
    (error: unknown) => (error instanceof NotFoundError ? undefined : Promise.reject(error)),
  );
}

/** What a resource's state records (the CLI rewrites the rest, e.g. drops empty propertyDependencies). */
/** Outputs of the old plugin without what this one no longer stores (only Connectors had any of it). */
function storedByThisVersion(outputs: ResourceState["outputs"]): ResourceState["outputs"] {
  const { logo: _logo, expectedInputFields: _fields, lastApplied: _applied, ...kept } = outputs;
  return kept;
}

function recorded(resource: ResourceState): Pick<ResourceState, "urn" | "id" | "inputs" | "outputs"> {
  return { urn: resource.urn, id: resource.id, inputs: resource.inputs, outputs: resource.outputs };
}

/** The program's resources (not the stack, not the provider), sorted by URN. */
function own(resources: ResourceState[]): ResourceState[] {
  return resources
    .filter((resource) => resource.type.startsWith(OWN))
    .sort((a, b) => a.urn.localeCompare(b.urn));
}

function providers(resources: ResourceState[]): ResourceState[] {
  return resources.filter((resource) => resource.type === PROVIDER);
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const item of items) list.push(item);
  return list;
}

async function record(kind: CommandKind, command: () => Promise<OperationResult>): Promise<RecordedRun> {
  emulator.requestLog.clear();
  const result = await command();
  const requests = emulator.requestLog.entries();
  stateTexts.push(await stack.stateText());
  return { ...result, kind, requests, writes: requests.filter((entry) => entry.method !== "GET") };
}

beforeAll(async () => {
  const tarball = await pluginTarball();
  // The emulator writes to its data file: it gets a copy.
  dataDir = mkdtempSync(join(tmpdir(), "previous-plugin-data-"));
  cpSync(join(FIXTURE, "emulator"), dataDir, { recursive: true });
  emulator = await startEmulator({
    port: 0,
    apiKeys: [FAKE_SECRETS.apiKey],
    dataFile: join(dataDir, "data.json"),
  });
  client = new ApiClient({ baseUrl: emulator.url, apiKey: FAKE_SECRETS.apiKey, maxRetries: 0 });
  webhookSecret = (await client.getWebhookSettings()).webhookSecret ?? "";
  remote.before = {
    github: await connectorOrUndefined(OLD.github),
    trello: await connectorOrUndefined(OLD.trello),
    external: await connectorOrUndefined(OLD.external),
    account: await accountOrUndefined(OLD.account),
    instance: await client.getTriggerInstance(OLD.instance),
    callbackUrl: await client.getCallbackUrl(),
  };

  // The program folder with the old stack config (its encryptionsalt and encrypted secrets). What changes:
  // the service's URL (this emulator listens on a port of its own), and the plugin's version and download URL,
  // which the program passes as a 0.2.0 SDK does (this checkout's version and the schema's pluginDownloadURL).
  const stage = createStageRoot();
  mkdirSync(join(stage, "programs"), { recursive: true });
  programDir = mkdtempSync(join(stage, "programs", "previous-plugin-"));
  cpSync(join(FIXTURE, "program"), programDir, { recursive: true });
  compileProgram(programDir);
  const workDir = mkdtempSync(join(stage, "previous-plugin-stack-"));
  home = join(workDir, "home");
  installPlugin(pinnedCli().bin, home, VERSION, tarball, process.env.PATH ?? "");
  // The engine loads the provider the old state records (the old plugin's version) before it moves the
  // resources to the new one, as on a user's machine, where the old plugin is still installed. It only starts
  // and configures that provider: every read, diff and delete below is the new plugin's. This checkout's
  // tarball stands in for it under the old version (0.1.0 was never released: there is nothing to download).
  installPlugin(pinnedCli().bin, home, OLD.pluginVersion, tarball, process.env.PATH ?? "");
  stack = await PulumiStack.create({
    cli: pinnedCli(),
    programDir,
    workDir,
    stack: "dev",
    passphrase: PASSPHRASE,
    config: {
      "integrations:baseUrl": emulator.url,
      pluginVersion: VERSION,
      pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    },
  });
  const importRun = await stack.cli([
    "stack",
    "import",
    "--stack",
    "dev",
    "--file",
    join(FIXTURE, "stack.json"),
  ]);
  if (importRun.exitCode !== 0) throw new Error(`pulumi stack import failed: ${importRun.stderr}`);
  imported = await stack.resources();

  // Before any refresh, a preview of the same program: the default provider's new config has another
  // baseUrl, which the plugin's DiffConfig answers with a replacement, so every resource would be replaced.
  runs.previewBeforeRefresh = succeeded(await record("preview", () => stack.preview()));
  // A plain refresh does not run the program: the engine configures the default provider with the config
  // its state records (the old emulator's URL, a port since closed).
  runs.staleRefresh = await record("refresh", () => stack.refresh({ skipPreview: true }));
  afterStaleRefresh = await stack.resources();
  // Hence --run-program, as a user whose service moved would run it (the other way out, an `up`, would
  // replace everything, as the preview above shows): the program registers the default provider with the
  // stack config as it is now, the new URL, and the refresh reads every resource there. With the plugin the
  // engine also replaces the default provider in state on the way (its DiffConfig said so), without
  // replacing any resource: see the test on the provider below.
  // 0.1.0 recorded no account. A TriggerWebhook's read proves none (every account answers `callback-url`), so
  // the user names the stack's account first, as the refusal without it says (test/plugin/
  // webhook-not-proven-by-read.test.ts); the connectors and the rest are proven by finding their ids.
  await stack.setConfig("integrations:accountId", await client.getAccountId());
  runs.refresh = succeeded(
    await record("refresh", () => stack.command("refresh", ["--yes", "--skip-preview", "--run-program"])),
  );
  afterRefresh = await stack.resources();
  runs.preview = succeeded(await record("preview", () => stack.preview()));
  runs.up = succeeded(await record("up", () => stack.up({ skipPreview: true })));
  afterUp = await stack.resources();
  runs.destroy = succeeded(await record("destroy", () => stack.destroy({ skipPreview: true })));
  afterDestroy = await stack.resources();
  remote.after = {
    github: await connectorOrUndefined(OLD.github),
    trello: await connectorOrUndefined(OLD.trello),
    external: await connectorOrUndefined(OLD.external),
    account: await accountOrUndefined(OLD.account),
    instance: await client.getTriggerInstance(OLD.instance),
    callbackUrl: await client.getCallbackUrl(),
  };
  remote.everything = {
    connectors: (await all(client.listIntegrations({ showDisabled: true })))
      .filter((connector) => connector.deleted !== true)
      .map((connector) => connector.name),
    accounts: await all(client.listConnectedAccounts()),
    instances: await all(client.activeTriggers({ showDisabled: true })),
  };
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  client?.close();
  await emulator?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("plugin: a stack made with the provider plugin of commit 7e150a4 (0.1.0)", () => {
  it("runs the plugin built from this checkout, installed into the stack's PULUMI_HOME", () => {
    const installed = join(home, "plugins", `resource-integrations-v${VERSION}`);
    expect(existsSync(join(installed, "pulumi-resource-integrations"))).toBe(true);
    expect(readFileSync(join(installed, "package.json"), "utf8")).toBe(
      readFileSync(join(ROOT, "package.json"), "utf8"),
    );
  });

  it("imports the old state: every resource, on the default provider of the old URL", () => {
    expect(
      own(imported)
        .map((resource) => urnName(resource.urn))
        .sort(),
    ).toEqual([...RESOURCE_NAMES].sort());
    expect(providers(imported).map((provider) => [provider.id, provider.inputs.baseUrl])).toEqual([
      [OLD.provider, OLD.baseUrl],
    ]);
    for (const resource of own(imported)) expect(resource.provider).toMatch(new RegExp(`::${OLD.provider}$`));
  });

  it("starts from the old plugin's objects on the emulator", () => {
    expect(remote.before).toEqual({
      github: expect.objectContaining({ name: "prev-plugin-github", enabled: true }),
      trello: expect.objectContaining({ name: expect.stringMatching(/^trello-[a-z0-9]{7}$/), enabled: true }),
      external: expect.objectContaining({ name: "prev-plugin-external", enabled: false }),
      account: "ACTIVE",
      instance: expect.objectContaining({ id: OLD.instance, triggerName: "TRELLO_NEW_CARD_TRIGGER" }),
      callbackUrl: WEBHOOK_URL,
    });
    expect(webhookSecret.length).toBeGreaterThan(0);
  });

  it("a preview before any refresh would replace every resource (a new baseUrl replaces the provider), writing nothing", () => {
    // Unlike the dynamic provider, whose config change replaces nothing: with the plugin, changing
    // integrations:baseUrl and running `pulumi up` would recreate everything at the new URL (the fixed-name
    // connector's create then stops on the 409 of its own name). The refresh below avoids that.
    for (const name of RESOURCE_NAMES) {
      const replace = runs.previewBeforeRefresh.steps.find(
        (step) => step.name === name && step.op === "replace",
      );
      expect([name, replace?.replaces]).toEqual([name, ["provider"]]);
    }
    expect(writesOf(runs.previewBeforeRefresh)).toEqual([]);
  });

  it("a plain refresh reaches the URL recorded in the default provider's state (the old emulator's), fails, and changes nothing", () => {
    expect(runs.staleRefresh.error).toContain(`connection to ${OLD.baseUrl} failed (ECONNREFUSED)`);
    expect(runs.staleRefresh.requests).toEqual([]);
    expect(afterStaleRefresh.map(recorded)).toEqual(imported.map(recorded));
  });

  it("refresh --run-program reads every resource at the new URL: no drift and no write", () => {
    for (const name of RESOURCE_NAMES)
      expect([name, refreshResultsOf(runs.refresh, name)]).toEqual([name, ["same"]]);
    expect(runs.refresh.requests.length).toBeGreaterThanOrEqual(RESOURCE_NAMES.length);
    expect(writesOf(runs.refresh)).toEqual([]);
  });

  it("refresh --run-program moves every resource to the new version's default provider, and the next up deletes the old one", () => {
    // What the engine does (pulumi v3.276.0): the program registers the default provider of the new version
    // and download URL, a resource of another name (`default_0_2_0_github_/api.github.com/...`, where the old
    // one is `default_0_1_0`); every refreshed resource's provider reference points at it, with no resource
    // replaced (each was read at the new URL and proven by id first). The old provider
    // stays in state, used by nothing, until the next up deletes it (an engine-only step, no request).
    const [old, current] = [
      providers(afterRefresh).find((provider) => provider.id === OLD.provider),
      providers(afterRefresh).find((provider) => provider.id !== OLD.provider),
    ];
    expect(providers(afterRefresh)).toHaveLength(2);
    expect(old).toMatchObject({
      urn: expect.stringMatching(/::default_0_1_0$/),
      inputs: expect.objectContaining({ baseUrl: OLD.baseUrl, version: OLD.pluginVersion }),
    });
    expect(current?.urn).toMatch(
      new RegExp(
        `::default_${VERSION.replace(/\./g, "_")}_github_/api\\.github\\.com/pulumi-integrations/pulumi-integrations$`,
      ),
    );
    expect(current?.inputs).toMatchObject({
      baseUrl: emulator.url,
      version: VERSION,
      // Where the engine keeps the download URL, to load the plugin for a refresh or destroy.
      __internal: { pluginDownloadURL: PLUGIN_DOWNLOAD_URL },
    });
    for (const resource of own(afterRefresh))
      expect(resource.provider).toBe(`${current?.urn}::${current?.id}`);
    expect(providers(afterUp).map((provider) => provider.id)).toEqual([current?.id]);
  });

  it("a preview and an up of the same program change nothing and write nothing", () => {
    for (const run of [runs.preview, runs.up])
      for (const name of RESOURCE_NAMES)
        expect([run.kind, name, opsOf(run, name)]).toEqual([run.kind, name, ["same"]]);
    expect(writesOf(runs.preview)).toEqual([]);
    expect(writesOf(runs.up)).toEqual([]);
  });

  it("keeps the old state's resources through refresh and up, each learning where it lives, with no replacement", () => {
    // The additions: where each object lives (serviceUrl and accountId, which 0.1.0 did not record: the refresh
    // proved each object by id under the current key and recorded them); the IntegrationState's logical name
    // among its inputs (its claim, ignored by its diff); the account's appName, which the create's answer
    // lacks and the first read fills in. The removals, from the connectors' outputs: their catalog data
    // (`logo`, `expectedInputFields`: getConnector reads it) and `lastApplied`, the copy of the inputs that
    // replace a connector, which the plugin derives from the old inputs the engine hands it.
    const where = { serviceUrl: emulator.url, accountId: emulator.accountIdOf(FAKE_SECRETS.apiKey) };
    const expected = own(imported)
      .map(recorded)
      .map((resource) => ({ ...resource, outputs: { ...storedByThisVersion(resource.outputs), ...where } }))
      .map((resource) =>
        resource.urn.endsWith("::release-board")
          ? { ...resource, outputs: { ...resource.outputs, appName: "trello" } }
          : resource,
      )
      .map((resource) =>
        resource.urn.endsWith("::external")
          ? { ...resource, inputs: { ...resource.inputs, resourceName: "external" } }
          : resource,
      )
      .map((resource) => {
        // An autoname is an output since 0.3 (its create chooses it): the inputs keep its prefix and gain the
        // scope it is derived from, `<project>/<stack>/<logical name>`; the name itself stays as it was.
        if (resource.inputs.namePrefix === undefined) return resource;
        const { name: _name, ...inputs } = resource.inputs;
        const [stack, project, , logical] = resource.urn.replace(/^urn:pulumi:/, "").split("::");
        return { ...resource, inputs: { ...inputs, autonameScope: `${project}/${stack}/${logical}` } };
      });
    expect(own(afterUp).map(recorded).map(withoutPlainRecord)).toEqual(expected);
    // The record of the credentials the program gives plain (by name; their values stay secret), for the policy
    // pack's secret rule: a new input, written at the first check of this version, which diffs ignore.
    const plain = own(afterUp)
      .filter((resource) => resource.inputs.secretsGivenPlain !== undefined)
      .map((resource) => [resource.urn.split("::").pop(), resource.inputs.secretsGivenPlain]);
    expect(plain).toEqual([["github", ["authConfig.client_id", "authConfig.scopes"]]]);
  });

  it("destroys everything the stack owns on the emulator, and lets go of the rest as the program said", () => {
    for (const name of RESOURCE_NAMES) expect([name, opsOf(runs.destroy, name)]).toEqual([name, ["delete"]]);
    expect(writesOf(runs.destroy).sort()).toEqual(
      [
        "DELETE /api/v1/triggers/instance/:triggerInstanceId",
        "DELETE /api/v1/connectedAccounts/:connectedAccountId",
        "DELETE /api/v1/integrations/:integrationId",
        "DELETE /api/v1/integrations/:integrationId",
        // The external connector's enabled put back; nothing for the callback URL (none before to restore).
        "PATCH /api/v1/integrations/:integrationId",
      ].sort(),
    );
    expect(afterDestroy.filter((resource) => resource.type !== "pulumi:pulumi:Stack")).toEqual([]);
    expect(remote.after).toEqual({
      github: undefined,
      trello: undefined,
      account: undefined,
      instance: undefined,
      // IntegrationState onDelete "restore": enabled back to what it found; the connector is not the stack's.
      external: expect.objectContaining({ id: OLD.external, enabled: true }),
      // TriggerWebhook onDelete "restore" with no URL before: the API cannot unset one, so it stays.
      callbackUrl: WEBHOOK_URL,
    });
    // No orphan: the external connector is the only object left on the emulator.
    expect(remote.everything).toEqual({ connectors: ["prev-plugin-external"], accounts: [], instances: [] });
  });

  it("keeps every fake secret out of the exported states, the fixture's files and the engine's logs", () => {
    const states = [
      readFileSync(join(FIXTURE, "stack.json"), "utf8"),
      readFileSync(join(FIXTURE, "program", "Pulumi.dev.yaml"), "utf8"),
      ...stateTexts,
    ].join("\n");
    const eventLog = stack.eventLogText();
    expect(leaksIn({ states, "engine event logs": eventLog }, FAKE_SECRETS)).toEqual([]);
    // The signing secret the service made is a secret output: encrypted in state. In the event log it is in
    // the @pulumi/pulumi SDK's debug traces of each registration's answer ("RegisterResource RPC finished"),
    // which carry every secret output in clear whatever the provider does (test/e2e/support/leak-checks.ts);
    // every other event must not hold it.
    expect(
      leaksIn({ states, "engine event logs": withoutSdkRpcTraces(eventLog) }, { webhookSecret }),
    ).toEqual([]);
    // The scan means something: the stack's secrets did travel (decrypted state holds them).
    const decrypted = JSON.stringify(afterUp);
    const held = { ...FAKE_SECRETS, webhookSecret };
    expect(Object.keys(held).filter((label) => decrypted.includes(held[label as keyof typeof held]))).toEqual(
      // The external connector's secret was set outside the stack: no state ever held it.
      Object.keys(held).filter((label) => label !== "externalClientSecret"),
    );
  });
});

function withoutPlainRecord<T extends { inputs: Record<string, unknown> }>(resource: T): T {
  const { secretsGivenPlain: _recorded, ...inputs } = resource.inputs;
  return { ...resource, inputs };
}
