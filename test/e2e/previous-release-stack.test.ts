/**
 * A stack made with the previous release (0.1.0, commit 534c354) keeps working with this package: its
 * exported state (test/fixtures/previous-release, README there) is imported into a new stack whose program
 * resolves the package packed from this checkout, against an emulator restored from that release's data
 * file. The serialized `__provider` of every resource in the old state requires
 * `pulumi-integrations/dynamic`, so refresh and destroy run this package's code on the old release's
 * outputs: that entry's compatibility promise (src/dynamic/entry.ts) is what this file tests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ApiClient, NotFoundError } from "../../src/client";
import type { ConnectorRecord } from "../../src/client";
import { startEmulator } from "../../src/emulator";
import type { RunningEmulator } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import { exportedDeploymentSchema, urnName } from "../../tools/pulumi/state";
import type { ResourceState } from "../../tools/pulumi/state";
import type { CommandKind, OperationResult } from "../../tools/pulumi/types";
import { FAKE_SECRETS, PASSPHRASE } from "../fixtures/previous-release/secrets";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import type { RecordedRun } from "./support/e2e-stack";
import { opsOf, refreshResultsOf, succeeded, writesOf } from "./support/steps";

const ROOT = resolve(__dirname, "..", "..");
const FIXTURE = join(ROOT, "test", "fixtures", "previous-release");
const DYNAMIC = "pulumi-nodejs:dynamic/integrations:";

const RESOURCE_NAMES = [
  "github",
  "trello",
  "external",
  "external-keys",
  "release-board",
  "new-cards",
  "events",
];

/** The id of each resource of the program (by name), as the old release's up recorded it in stack.json. */
const OLD_IDS = new Map(
  (
    exportedDeploymentSchema.parse(JSON.parse(readFileSync(join(FIXTURE, "stack.json"), "utf8"))).deployment
      .resources ?? []
  ).map((resource) => [urnName(resource.urn), resource.id ?? ""]),
);
function oldId(name: string): string {
  const id = OLD_IDS.get(name);
  if (!id) throw new Error(`stack.json has no id for ${name}`);
  return id;
}
const OLD = {
  github: oldId("github"),
  trello: oldId("trello"),
  external: oldId("external"),
  externalKeys: oldId("external-keys"),
  account: oldId("release-board"),
  instance: oldId("new-cards"),
};

let dataDir: string;
let emulator: RunningEmulator;
let client: ApiClient;
let programDir: string;
let stack: PulumiStack;
const runs: Record<string, RecordedRun> = {};
const stateTexts: string[] = [];
let imported: ResourceState[];
let afterStaleRefresh: ResourceState[];
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

/** What a resource's state records (the CLI rewrites the rest, e.g. drops empty propertyDependencies). */
/** A Connector's outputs without the catalog data earlier versions stored (other resources had none). */
function withoutCatalogData(outputs: ResourceState["outputs"]): ResourceState["outputs"] {
  const { logo: _logo, expectedInputFields: _fields, ...kept } = outputs;
  return kept;
}

function recorded(resource: ResourceState): Pick<ResourceState, "urn" | "id" | "inputs" | "outputs"> {
  return { urn: resource.urn, id: resource.id, inputs: resource.inputs, outputs: resource.outputs };
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
  // The emulator writes to its data file: it gets a copy.
  dataDir = mkdtempSync(join(tmpdir(), "previous-release-data-"));
  cpSync(join(FIXTURE, "emulator"), dataDir, { recursive: true });
  emulator = await startEmulator({
    port: 0,
    apiKeys: [FAKE_SECRETS.apiKey],
    dataFile: join(dataDir, "data.json"),
  });
  client = new ApiClient({ baseUrl: emulator.url, apiKey: FAKE_SECRETS.apiKey, maxRetries: 0 });
  remote.before = {
    github: await connectorOrUndefined(OLD.github),
    trello: await connectorOrUndefined(OLD.trello),
    external: await connectorOrUndefined(OLD.external),
    externalKeys: await connectorOrUndefined(OLD.externalKeys),
  };

  // The program folder with the old stack config (its encryptionsalt and encrypted secrets); only the
  // service's URL changes, since this emulator listens on a port of its own. No resource of the program
  // gives `connection`, so the old state holds no URL: every resource reaches the stack config's one.
  programDir = await stageProgram(join(FIXTURE, "program"), "previous-release");
  stack = await PulumiStack.create({
    cli: pinnedCli(),
    programDir,
    stack: "dev",
    passphrase: PASSPHRASE,
    config: { "integrations:baseUrl": emulator.url },
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

  // The engine gives a dynamic provider the stack config recorded in its state (the default provider's
  // inputs hold integrations:baseUrl), unless the program runs: a plain refresh reads the old URL.
  runs.staleRefresh = await record("refresh", () => stack.refresh({ skipPreview: true }));
  afterStaleRefresh = await stack.resources();
  // 0.1.0 recorded no account. A TriggerWebhook's read proves none (every account answers `callback-url`), so
  // the user names the stack's account first, as the refusal without it says
  // (test/e2e/webhook-not-proven-by-read.test.ts); the other resources are proven by finding their ids.
  await stack.setConfig("integrations:accountId", await client.getAccountId());
  runs.refresh = succeeded(
    await record("refresh", () => stack.command("refresh", ["--yes", "--skip-preview", "--run-program"])),
  );
  runs.preview = succeeded(await record("preview", () => stack.preview()));
  runs.up = succeeded(await record("up", () => stack.up({ skipPreview: true })));
  afterUp = await stack.resources();
  runs.destroy = succeeded(await record("destroy", () => stack.destroy({ skipPreview: true })));
  afterDestroy = await stack.resources();
  remote.after = {
    github: await connectorOrUndefined(OLD.github),
    trello: await connectorOrUndefined(OLD.trello),
    external: await connectorOrUndefined(OLD.external),
    externalKeys: await connectorOrUndefined(OLD.externalKeys),
    account: await client.getConnectedAccount(OLD.account).then(
      () => "present",
      (error: unknown) => (error instanceof NotFoundError ? undefined : Promise.reject(error)),
    ),
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

describe("e2e: a stack made with the previous release (0.1.0)", () => {
  it("the program resolves the package packed from this checkout, not the old one", () => {
    const resolved = require.resolve("pulumi-integrations/dynamic", { paths: [programDir] });
    expect(readFileSync(resolved, "utf8")).toBe(
      readFileSync(join(ROOT, "dist", "dynamic", "entry.js"), "utf8"),
    );
  });

  it("imports the old state: every resource, each with a __provider that requires the stable entry", () => {
    const own = imported.filter((resource) => resource.type.startsWith(DYNAMIC));
    expect(own.map((resource) => resource.urn.split("::").pop()).sort()).toEqual([...RESOURCE_NAMES].sort());
    for (const resource of own)
      expect(String(resource.inputs.__provider)).toContain("pulumi-integrations/dynamic");
  });

  it("starts from the old release's objects on the emulator", () => {
    expect(remote.before).toMatchObject({
      github: { name: "prev-release-github", enabled: true },
      trello: { name: expect.stringMatching(/^trello-[a-z0-9]{7}$/), enabled: true },
      external: { name: "prev-release-external", enabled: false },
      externalKeys: {
        name: "prev-release-external-keys",
        authConfig: { client_id: "prev-release-rotated-client" },
      },
    });
  });

  it("a plain refresh reaches the URL recorded in state (the old emulator's), fails, and changes nothing", () => {
    expect(runs.staleRefresh.error).toMatch(
      /connection to http:\/\/127\.0\.0\.1:\d+ failed \(ECONNREFUSED\)/,
    );
    expect(runs.staleRefresh.requests).toEqual([]);
    expect(afterStaleRefresh.map(recorded)).toEqual(imported.map(recorded));
  });

  it("refresh --run-program reads the new URL: no drift and no write", () => {
    for (const name of RESOURCE_NAMES)
      expect([name, refreshResultsOf(runs.refresh, name)]).toEqual([name, ["same"]]);
    expect(writesOf(runs.refresh)).toEqual([]);
  });

  it("a preview and an up of the same program change nothing and write nothing", () => {
    for (const run of [runs.preview, runs.up])
      for (const name of RESOURCE_NAMES)
        expect([run.kind, name, opsOf(run, name)]).toEqual([run.kind, name, ["same"]]);
    expect(writesOf(runs.preview)).toEqual([]);
    expect(writesOf(runs.up)).toEqual([]);
  });

  it("keeps the old state's resources through refresh and up, each learning where it lives, with no replacement", () => {
    // __provider on its own: the up stores this version's in the inputs, a require of the resource kind's own
    // module (src/dynamic/shims.ts), and keeps the outputs' (0.1.0's, whose methods require the stable entry:
    // what the destroy below deletes with, the engine handing Delete the outputs).
    const providers = (resources: ResourceState[], side: "inputs" | "outputs") =>
      Object.fromEntries(
        resources
          .filter((resource) => resource.type.startsWith(DYNAMIC))
          .map((resource) => [urnName(resource.urn), String(resource[side].__provider)]),
      );
    const stored = providers(imported, "outputs");
    expect(providers(afterUp, "outputs")).toEqual(stored);
    for (const [name, text] of Object.entries(providers(afterUp, "inputs"))) {
      expect([name, text]).toEqual([
        name,
        expect.stringMatching(
          /const provider = require\("pulumi-integrations\/dist\/dynamic\/providers\/[a-z-]+\.js"\);/,
        ),
      ]);
      expect(stored[name]).toContain('require("pulumi-integrations/dynamic")');
    }
    const own = (resources: ResourceState[]) =>
      resources
        .filter((resource) => resource.type.startsWith(DYNAMIC))
        .map(recorded)
        .map(({ inputs: { __provider: _input, ...inputs }, outputs, ...resource }) => {
          const { __provider: _stored, ...plainOutputs } = outputs;
          return { ...resource, inputs, outputs: plainOutputs };
        })
        .sort((a, b) => a.urn.localeCompare(b.urn));
    // The additions: where each object lives (serviceUrl and accountId, which 0.1.0 did not record: the refresh
    // proved each object by id under the current key and recorded them); the IntegrationStates' logical names
    // among their inputs (their claims, which their diff ignores); the account's appName, which the create's
    // answer lacks and the first read fills in (0.1.0's own refresh adds it too). The one removal: the
    // connectors' catalog data (`logo`, `expectedInputFields`), which a Connector no longer stores (getConnector
    // reads it); its refresh drops it.
    const where = { serviceUrl: emulator.url, accountId: emulator.accountIdOf(FAKE_SECRETS.apiKey) };
    const expected = own(imported)
      .map((resource) => ({ ...resource, outputs: { ...withoutCatalogData(resource.outputs), ...where } }))
      .map((resource) =>
        resource.urn.endsWith("::release-board")
          ? { ...resource, outputs: { ...resource.outputs, appName: "trello" } }
          : resource,
      )
      .map((resource) => {
        const name = urnName(resource.urn);
        return name === "external" || name === "external-keys"
          ? { ...resource, inputs: { ...resource.inputs, resourceName: name } }
          : resource;
      })
      .map((resource) => {
        // An autoname is an output since 0.3 (its create chooses it): the inputs keep its prefix and gain the
        // scope it is derived from, `<project>/<stack>/<logical name>`; the name itself stays as it was.
        if (resource.inputs.namePrefix === undefined) return resource;
        const { name: _name, ...inputs } = resource.inputs;
        const [stack, project] = resource.urn.replace(/^urn:pulumi:/, "").split("::");
        return {
          ...resource,
          inputs: { ...inputs, autonameScope: `${project}/${stack}/${urnName(resource.urn)}` },
        };
      });
    expect(own(afterUp).map(withoutPlainRecord)).toEqual(expected);
    // The record of the credentials the program gives plain (by name; their values stay secret), for the policy
    // pack's secret rule: new inputs, written at the first check of this version, which diffs ignore.
    const givenPlain = Object.fromEntries(
      own(afterUp)
        .filter((resource) => resource.inputs.secretsGivenPlain !== undefined)
        .map((resource) => [urnName(resource.urn), resource.inputs.secretsGivenPlain]),
    );
    expect(givenPlain).toEqual({
      github: ["authConfig.client_id", "authConfig.scopes"],
      "external-keys": ["authConfig.client_id"],
    });
  });

  it("destroys everything the stack owns on the emulator, and lets go of the rest as the program said", () => {
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
    expect(afterDestroy.filter((resource) => resource.type.startsWith(DYNAMIC))).toEqual([]);
    expect(remote.after).toEqual({
      github: undefined,
      trello: undefined,
      account: undefined,
      instance: undefined,
      // IntegrationState onDelete "restore": enabled back to what it found; the connector is not the stack's.
      external: expect.objectContaining({ id: OLD.external, enabled: true }),
      // IntegrationState onDelete "restore" of authConfig: 0.1.0 recorded no prior keys (priorAuthConfig came
      // later), so there is nothing known to restore and the keys the stack set stay (no request).
      externalKeys: expect.objectContaining({
        id: OLD.externalKeys,
        authConfig: { client_id: "prev-release-rotated-client" },
      }),
      // TriggerWebhook onDelete "restore" with no URL before: the API cannot unset one, so it stays.
      callbackUrl: "https://hooks.example.invalid/previous-release",
    });
    // No orphan: the external connectors are the only objects left on the emulator.
    expect(remote.everything).toEqual({
      connectors: ["prev-release-external", "prev-release-external-keys"],
      accounts: [],
      instances: [],
    });
  });

  it("keeps every fake secret out of the exported states and the engine's logs", () => {
    const text = [...stateTexts, stack.eventLogText()].join("\n");
    const leaked = Object.entries(FAKE_SECRETS).filter(([, secret]) => text.includes(secret));
    expect(leaked.map(([label]) => label)).toEqual([]);
  });
});

function withoutPlainRecord<T extends { inputs: Record<string, unknown> }>(resource: T): T {
  const { secretsGivenPlain: _recorded, ...inputs } = resource.inputs;
  return { ...resource, inputs };
}
