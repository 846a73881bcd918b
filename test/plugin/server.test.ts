import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as grpc from "@grpc/grpc-js";
import * as provider from "@pulumi/pulumi/proto/provider_pb";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { pluginVersion } from "../../src/plugin/main";
import { startPluginServer, type RunningPluginServer } from "../../src/plugin/server";
import { createResources } from "../../src/resources";
import { candidateName } from "../../src/resources/shared/autoname";
import { UNKNOWN } from "../../src/resources/shared/unknowns";
import { githubTokenAccount } from "../support/github-account";
import { startFakeEngine, type FakeEngine } from "./support/fake-engine";
import { initFailureOf, plain, ProviderClient, secret, struct, type Props } from "./support/provider-client";

const ROOT = join(__dirname, "..", "..");
const urnOf = (type: string, name: string) => `urn:pulumi:dev::proj::integrations:index:${type}::${name}`;
const urn = (name: string) => urnOf("Connector", name);
const DIFF_SOME = provider.DiffResponse.DiffChanges.DIFF_SOME;
const DIFF_NONE = provider.DiffResponse.DiffChanges.DIFF_NONE;
const CLIENT_SECRET = "client-secret-plugin-0123456789";
const AUTH = { client_id: "client-id-1", client_secret: CLIENT_SECRET, scopes: ["repo"] };

let emulator: RunningEmulator;
let server: RunningPluginServer;
let client: ProviderClient;
let inspect: ApiClient;
let engine: FakeEngine;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  engine = await startFakeEngine();
  server = await startPluginServer({
    engine: engine.address,
    version: pluginVersion(),
    schema: () => readFileSync(join(ROOT, "provider", "schema.json"), "utf8"),
  });
  client = new ProviderClient(server.port);
  inspect = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
  // As the engine configures the default provider: the stack config's values, strings, the key a secret.
  await client.configure({
    apiKey: secret(emulator.apiKey),
    baseUrl: emulator.url,
    maxRetries: "0",
    version: "0.1.0",
  });
});

afterAll(async () => {
  client?.close();
  inspect?.close();
  await server?.close();
  await engine?.close();
  await emulator?.close();
});

/**
 * Runs `call` on a plugin server of its own (a new provider process: handlers that have seen none of this
 * file's checks), configured as the default provider is.
 */
async function inNextDeployment(call: (next: ProviderClient) => Promise<unknown>): Promise<void> {
  const nextServer = await startPluginServer({
    version: pluginVersion(),
    schema: () => "{}",
    resources: Object.values(createResources()),
  });
  const next = new ProviderClient(nextServer.port);
  try {
    await next.configure({ apiKey: secret(emulator.apiKey), baseUrl: emulator.url, maxRetries: "0" });
    await call(next);
  } finally {
    next.close();
    await nextServer.close();
  }
}

/** Runs `call` with these environment variables set (the plugin server runs in this process). */
async function withEnvironment<T>(values: Record<string, string>, call: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  try {
    return await call();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Check as the engine calls it for a new resource: no old inputs. */
async function checked(name: string, news: Props, olds: Props = {}, type = "Connector") {
  const response = await client.check(urnOf(type, name), olds, news);
  return {
    inputs: plain(response.getInputs()),
    failures: response.getFailuresList().map((f) => f.toObject()),
  };
}

describe("plugin info and schema", () => {
  it("answers the package's version and the checked-in schema", async () => {
    const info = await client.getPluginInfo();
    const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(info.getVersion()).toBe(packageJson.version);
    const schema = await client.call<provider.GetSchemaResponse>(
      "getSchema",
      new provider.GetSchemaRequest(),
    );
    expect(JSON.parse(schema.getSchema())).toMatchObject({
      name: "integrations",
      version: packageJson.version,
    });
  });
});

describe("provider config", () => {
  const checkConfig = async (news: Props, olds: Props = {}) => {
    const response = await client.call<provider.CheckResponse>(
      "checkConfig",
      new provider.CheckRequest()
        .setUrn("urn:pulumi:dev::proj::pulumi:providers:integrations::default")
        .setOlds(struct(olds))
        .setNews(struct(news)),
    );
    return {
      inputs: plain(response.getInputs()),
      failures: response.getFailuresList().map((f) => f.toObject()),
    };
  };
  const diffConfig = (olds: Props, news: Props) =>
    client.call<provider.DiffResponse>(
      "diffConfig",
      new provider.DiffRequest().setOldInputs(struct(olds)).setOlds(struct(olds)).setNews(struct(news)),
    );

  it("accepts the stack config's strings and an explicit provider's numbers; the key comes back secret", async () => {
    const { inputs, failures } = await checkConfig({
      apiKey: emulator.apiKey,
      baseUrl: emulator.url,
      timeoutMs: 5000,
      maxRetries: "2",
    });
    expect(failures).toEqual([]);
    expect(inputs.apiKey).toEqual(secret(emulator.apiKey));
    expect(inputs.timeoutMs).toBe(5000);
  });

  it("records the base URL and the account it resolved (client_info's client.id), from the environment too, never a key taken from it", async () => {
    const { inputs } = await checkConfig({ apiKey: secret(emulator.apiKey), baseUrl: `${emulator.url}/` });
    expect(inputs).toEqual({
      apiKey: secret(emulator.apiKey),
      baseUrl: emulator.url,
      accountId: emulator.accountIdOf(emulator.apiKey),
    });
    const fromEnvironment = await withEnvironment(
      { INTEGRATIONS_API_KEY: emulator.apiKey, INTEGRATIONS_BASE_URL: emulator.url },
      () => checkConfig({ version: "0.1.0" }),
    );
    expect(fromEnvironment.inputs).toEqual({
      version: "0.1.0",
      baseUrl: emulator.url,
      accountId: emulator.accountIdOf(emulator.apiKey),
    });
  });

  it("fails a pinned accountId that the key does not reach, naming both accounts", async () => {
    const reached = emulator.accountIdOf(emulator.apiKey);
    const pinned = await checkConfig({
      apiKey: secret(emulator.apiKey),
      baseUrl: emulator.url,
      accountId: reached,
    });
    expect(pinned.failures).toEqual([]);
    const other = await checkConfig({
      apiKey: secret(emulator.apiKey),
      baseUrl: emulator.url,
      accountId: "acme",
    });
    expect(other.failures).toEqual([
      {
        property: "accountId",
        reason: expect.stringContaining(`the API key reaches account "${reached}", not the pinned "acme"`),
      },
    ]);
  });

  it("names each invalid setting and a misspelt one, never showing the key", async () => {
    const { failures } = await checkConfig({
      apiKey: secret("has space"),
      baseUrl: "ftp://x",
      timeoutMs: "soon",
      timeout: 5,
    });
    expect(failures.map((f) => f.property).sort()).toEqual(["apiKey", "baseUrl", "timeout", "timeoutMs"]);
    expect(JSON.stringify(failures)).not.toContain("has space");
  });

  it("does not judge values not known yet (a preview); missing settings fail with the settings error", async () => {
    expect((await checkConfig({ baseUrl: UNKNOWN, apiKey: secret(UNKNOWN) })).failures).toEqual([]);
    expect((await checkConfig({})).failures).toEqual([
      {
        property: "apiKey",
        reason:
          "Missing API key: set the secret stack config `integrations:apiKey` (pulumi config set --secret " +
          "integrations:apiKey ...) or the INTEGRATIONS_API_KEY environment variable.",
      },
    ]);
  });

  it("refuses another account than its state records; a pin moved there passes when the state holds its key", async () => {
    const reached = emulator.accountIdOf(emulator.apiKey);
    const news = { apiKey: secret(emulator.apiKey), baseUrl: emulator.url };
    const recordedElsewhere = { baseUrl: emulator.url, accountId: "acme" };
    const wrongKey = await checkConfig(news, recordedElsewhere);
    expect(wrongKey.failures).toEqual([
      {
        property: "accountId",
        reason: expect.stringContaining(
          `the API key reaches account "${reached}" (${emulator.url}), but this provider's state records ` +
            `account "acme" (${emulator.url})`,
        ),
      },
    ]);
    const moved = { ...news, accountId: reached };
    const withoutOldKey = await checkConfig(moved, recordedElsewhere);
    expect(withoutOldKey.failures[0]?.reason).toContain(
      "the provider's state holds no key of the old account",
    );
    const withOldKey = await checkConfig(moved, { ...recordedElsewhere, apiKey: secret("old-key") });
    expect(withOldKey.failures).toEqual([]);
    expect(withOldKey.inputs).toMatchObject({ accountId: reached, accountChosen: true });
  });

  it("takes another URL of the recorded account only when the recorded URL answers the key as that account", async () => {
    const reached = emulator.accountIdOf(emulator.apiKey);
    const news = { apiKey: secret(emulator.apiKey), baseUrl: emulator.url.replace("127.0.0.1", "localhost") };
    const respelt = await checkConfig(news, { baseUrl: emulator.url, accountId: reached });
    expect(respelt.failures).toEqual([]);
    expect(respelt.inputs).toMatchObject({ baseUrl: news.baseUrl, accountId: reached });
    const elsewhere = await checkConfig(news, { baseUrl: "http://127.0.0.1:9", accountId: reached });
    expect(elsewhere.failures).toEqual([
      {
        property: "baseUrl",
        reason: expect.stringContaining("does not answer this key as that account"),
      },
    ]);
  });

  it("replaces on another account (a pin moved), or another base URL of no recorded account; otherwise updates", async () => {
    const olds = { apiKey: secret("k1"), baseUrl: "http://a.example", accountId: "acme" };
    const rotated = await diffConfig(olds, { ...olds, apiKey: secret("k2") });
    expect(rotated.getChanges()).toBe(DIFF_SOME);
    expect(rotated.getReplacesList()).toEqual([]);
    expect(rotated.getDiffsList()).toEqual(["apiKey"]);
    // Another service: another account there, or none known yet (a preview), or none recorded.
    const moved = await diffConfig(olds, { ...olds, baseUrl: "http://b.example", accountId: "beta" });
    expect(moved.getReplacesList()).toEqual(["baseUrl"]);
    const unknown = await diffConfig(olds, { ...olds, baseUrl: UNKNOWN });
    expect(unknown.getReplacesList()).toEqual(["baseUrl"]);
    const older = await diffConfig(
      { apiKey: secret("k1"), baseUrl: "http://a.example" },
      { ...olds, baseUrl: "http://b.example" },
    );
    expect(older.getReplacesList()).toEqual(["baseUrl"]);
    // The same account at another spelling of the URL: an update; each resource then proves its object there.
    const respelled = await diffConfig(olds, { ...olds, baseUrl: "http://127.0.0.1.example" });
    expect(respelled.getChanges()).toBe(DIFF_SOME);
    expect(respelled.getReplacesList()).toEqual([]);
    // Another account at the same URL (which CheckConfig lets through only as a pin moved there): a replacement.
    const otherAccount = await diffConfig(olds, { ...olds, apiKey: secret("k3"), accountId: "beta" });
    expect(otherAccount.getReplacesList()).toEqual(["accountId"]);
    expect(otherAccount.getDiffsList().sort()).toEqual(["accountId", "apiKey"]);
    const slash = await diffConfig(olds, { ...olds, baseUrl: "http://a.example/" });
    expect(slash.getChanges()).toBe(DIFF_NONE);
    // An account recorded for the first time (state of an older version) is no change.
    const learned = await diffConfig({ apiKey: secret("k1"), baseUrl: "http://a.example" }, olds);
    expect(learned.getChanges()).toBe(DIFF_NONE);
  });
});

/** What the dynamic provider stores as a Connector's `lastApplied`: the inputs that replace it. */
function applied(inputs: Props): Props {
  const { name, appName, appId, authScheme, useServiceAuth } = inputs;
  return JSON.parse(JSON.stringify({ name, appName, appId, authScheme, useServiceAuth })) as Props;
}

describe("a Connector through the plugin's calls", () => {
  let id: string;
  let inputs: Props;
  let outputs: Props;

  it("check autonames as the dynamic Connector does, keeps authConfig secret and fills defaults", async () => {
    const result = await checked("plugin-gh", {
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: secret(AUTH),
    });
    expect(result.failures).toEqual([]);
    inputs = result.inputs;
    // No request: the name is the create's, derived from the prefix and the scope check hands on.
    expect(inputs).toEqual({
      namePrefix: "plugin-gh-",
      autonameScope: "proj/dev/plugin-gh",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: secret(AUTH),
      enabled: true,
      useServiceAuth: false,
      forceNewIntegration: true,
      deletionPolicy: "delete",
    });
  });

  it("check names a connector from a program's own prefix with the same seed as the dynamic Connector", async () => {
    const result = await checked("prefixed", {
      appName: "github",
      authScheme: "OAUTH2",
      namePrefix: "team-",
    });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject({ namePrefix: "team-", autonameScope: "proj/dev/prefixed" });
    expect(result.inputs).not.toHaveProperty("name");
  });

  it("create makes the connector and returns its outputs, authConfig secret", async () => {
    const response = await client.create(urn("plugin-gh"), inputs);
    id = response.getId();
    outputs = plain(response.getProperties());
    expect(outputs).toMatchObject({
      name: candidateName("plugin-gh-", "proj/dev/plugin-gh", 0),
      appName: "github",
      enabled: true,
      authConfig: secret(AUTH),
    });
    // No copy of the inputs (the engine keeps them, and hands them back to Diff), and no catalog data.
    for (const key of ["lastApplied", "logo", "expectedInputFields"]) expect(outputs).not.toHaveProperty(key);
    expect(await inspect.getIntegration(id)).toMatchObject({ name: outputs.name, enabled: true });
  });

  it("diff compares the replacing inputs with the old inputs, or with a copy an earlier version stored", async () => {
    // State whose record spells the app otherwise than the inputs applied: the old inputs are what was applied.
    const echoed = { ...outputs, appName: "github-as-the-service-spells-it" };
    const fromOldInputs = await client.diff(urn("plugin-gh"), id, echoed, inputs, inputs);
    expect(fromOldInputs.getChanges()).toBe(DIFF_NONE);
    // Without old inputs (an engine that sends none) the record's own fields are the best remaining guess.
    const fromRecord = await client.diff(urn("plugin-gh"), id, echoed, inputs, {});
    expect(fromRecord.getReplacesList()).toEqual(["appName"]);
    // An earlier plugin stored the copy in the outputs: it is read as before.
    const stored = { ...echoed, lastApplied: { ...applied(inputs), name: "stored-copy" } };
    const fromCopy = await client.diff(urn("plugin-gh"), id, stored, inputs, inputs);
    expect(fromCopy.getReplacesList()).toEqual(["name"]);
  });

  it("diff: same inputs, no change; enabled is an update; a new name replaces (the new one first)", async () => {
    const same = await client.diff(urn("plugin-gh"), id, outputs, inputs, inputs);
    expect(same.getChanges()).toBe(DIFF_NONE);
    const toggled = await client.diff(urn("plugin-gh"), id, outputs, { ...inputs, enabled: false }, inputs);
    expect(toggled.getChanges()).toBe(DIFF_SOME);
    expect(toggled.getDiffsList()).toEqual(["enabled"]);
    expect(toggled.getReplacesList()).toEqual([]);
    const renamed = await client.diff(
      urn("plugin-gh"),
      id,
      outputs,
      { ...inputs, name: "fixed", namePrefix: undefined },
      inputs,
    );
    expect(renamed.getReplacesList()).toEqual(["name"]);
    expect(renamed.getDiffsList()).toEqual(["name", "namePrefix"]);
    expect(renamed.getDeletebeforereplace()).toBe(false);
    // A replacement that keeps a fixed name must delete first (names are unique).
    const fixed = { ...inputs, name: outputs.name, namePrefix: undefined, authScheme: "BEARER_TOKEN" };
    const rescheme = await client.diff(urn("plugin-gh"), id, outputs, fixed, inputs);
    expect(rescheme.getReplacesList()).toEqual(["authScheme"]);
    expect(rescheme.getDeletebeforereplace()).toBe(true);
  });

  it("diff: the same app by id is no replacement, and replace-flagged inputs are listed only when they replace", async () => {
    const byId = { ...inputs, appName: undefined, appId: outputs.appId };
    const result = await client.diff(urn("plugin-gh"), id, outputs, byId, inputs);
    expect(result.getReplacesList()).toEqual([]);
    expect(result.getDiffsList()).not.toContain("appName");
    expect(result.getDiffsList()).not.toContain("appId");
  });

  it("diff details each changed path, into objects, a replacing input's paths as replacements", async () => {
    const detailed = (response: provider.DiffResponse) =>
      Object.fromEntries(response.toObject().detaileddiffMap.map(([path, diff]) => [path, diff.kind]));
    const Kind = provider.PropertyDiff.Kind;
    const rekeyed = await client.diff(
      urn("plugin-gh"),
      id,
      outputs,
      {
        ...inputs,
        authConfig: secret({ ...AUTH, client_id: "client-id-2", scopes: undefined, team: "core" }),
      },
      inputs,
    );
    expect(rekeyed.getHasdetaileddiff()).toBe(true);
    expect(detailed(rekeyed)).toEqual({
      "authConfig.client_id": Kind.UPDATE,
      "authConfig.scopes": Kind.DELETE,
      "authConfig.team": Kind.ADD,
    });
    const rescheme = await client.diff(
      urn("plugin-gh"),
      id,
      outputs,
      { ...inputs, authScheme: "BEARER_TOKEN", enabled: false },
      inputs,
    );
    expect(detailed(rescheme)).toEqual({ authScheme: Kind.UPDATE_REPLACE, enabled: Kind.UPDATE });
  });

  it("diff in a preview: a replacing input not known yet is a possible replacement", async () => {
    const result = await client.diff(
      urn("plugin-gh"),
      id,
      outputs,
      { ...inputs, authScheme: UNKNOWN },
      inputs,
    );
    expect(result.getReplacesList()).toEqual(["authScheme"]);
  });

  it("update applies enabled in place", async () => {
    const news = { ...inputs, enabled: false };
    const response = await client.update(urn("plugin-gh"), id, outputs, news);
    outputs = plain(response.getProperties());
    expect(outputs).toMatchObject({ enabled: false, authConfig: secret(AUTH) });
    expect(outputs).not.toHaveProperty("lastApplied");
    expect((await inspect.getIntegration(id)).enabled).toBe(false);
    inputs = news;
  });

  it("read (refresh) returns outputs and inputs, secrets marked", async () => {
    const response = await client.read(urn("plugin-gh"), id, outputs, inputs);
    expect(response.getId()).toBe(id);
    expect(plain(response.getProperties())).toEqual(outputs);
    // An autoname is an output: the inputs keep its prefix.
    const refreshedInputs = plain(response.getInputs());
    expect(refreshedInputs).toMatchObject({
      namePrefix: "plugin-gh-",
      enabled: false,
      authConfig: secret(AUTH),
    });
    expect(refreshedInputs).not.toHaveProperty("name");
  });

  it("read of an earlier version's state drops its catalog data and its copy of the inputs, keeping what it applied", async () => {
    const earlier = {
      ...outputs,
      logo: "https://logos.integrations.example/github.svg",
      expectedInputFields: [],
      lastApplied: applied(inputs),
    };
    const response = await client.read(urn("plugin-gh"), id, earlier, inputs);
    expect(plain(response.getProperties())).toEqual(outputs);
    expect(plain(response.getInputs())).toMatchObject({ namePrefix: "plugin-gh-", appName: "github" });
  });

  it("read by id alone (import) returns the inputs a program would give, without the unreadable authConfig or any default", async () => {
    const response = await client.read(urn("imported"), id);
    expect(response.getId()).toBe(id);
    expect(plain(response.getInputs())).toEqual({
      name: outputs.name,
      appName: "github",
      authScheme: "OAUTH2",
      enabled: false,
    });
  });

  it("the first diff of an imported connector, declared as imported, changes and replaces nothing", async () => {
    // The engine stores the read's inputs, defaults left out, and hands them back as the old inputs: the
    // plugin reads them with the defaults filled in (an absent useServiceAuth against false would replace).
    const read = await client.read(urn("imported"), id);
    const stored = plain(read.getInputs());
    const checked = plain((await client.check(urn("imported"), stored, stored)).getInputs());
    const diff = await client.diff(urn("imported"), id, plain(read.getProperties()), checked, stored);
    expect(diff.getChanges()).toBe(DIFF_NONE);
    expect(diff.getReplacesList()).toEqual([]);
    const serviceAuth = await client.diff(
      urn("imported"),
      id,
      plain(read.getProperties()),
      { ...checked, useServiceAuth: true },
      stored,
    );
    expect(serviceAuth.getReplacesList()).toEqual(["useServiceAuth"]);
  });

  it("delete deletes it; a read then finds it gone", async () => {
    await client.delete(urn("plugin-gh"), id, outputs);
    expect((await inspect.getIntegration(id)).deleted).toBe(true);
    expect((await client.read(urn("plugin-gh"), id, outputs, inputs)).getId()).toBe("");
  });
});

describe("an IntegrationState through the plugin's calls", () => {
  const stateUrn = urnOf("IntegrationState", "state");
  let integrationId: string;
  let inputs: Props;
  let outputs: Props;

  beforeAll(async () => {
    const made = await inspect.createIntegration({
      name: "plugin-state-target",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: AUTH,
      forceNewIntegration: true,
    });
    integrationId = made.id;
  });

  it("check fills the default onDelete and keeps authConfig secret", async () => {
    const response = await client.check(
      stateUrn,
      {},
      {
        integrationId,
        enabled: false,
        authConfig: { client_id: "client-id-2", client_secret: CLIENT_SECRET },
      },
    );
    expect(response.getFailuresList()).toEqual([]);
    inputs = plain(response.getInputs());
    expect(inputs).toEqual({
      integrationId,
      enabled: false,
      authConfig: secret({ client_id: "client-id-2", client_secret: CLIENT_SECRET }),
      // Given plain by the program: named, for the policy pack, never their values.
      secretsGivenPlain: ["authConfig.client_id", "authConfig.client_secret"],
      onDelete: "retain",
      // The logical name, from the URN: the integration is claimed for this resource in this deployment.
      resourceName: "state",
    });
  });

  it("check names what is missing: nothing to manage", async () => {
    const response = await client.check(stateUrn, {}, { integrationId });
    expect(response.getFailuresList().map((f) => f.getProperty())).toEqual(["enabled"]);
  });

  it("create sets the state, remembering what it found; the prior authConfig is secret too", async () => {
    const response = await client.create(stateUrn, inputs);
    expect(response.getId()).toBe(integrationId);
    outputs = plain(response.getProperties());
    expect(outputs).toMatchObject({
      integrationId,
      enabled: false,
      priorEnabled: true,
      authConfig: secret({ client_id: "client-id-2", client_secret: CLIENT_SECRET }),
      priorAuthConfig: secret({ client_id: "client-id-1", scopes: ["repo"] }),
    });
    expect(await inspect.getIntegration(integrationId)).toMatchObject({
      enabled: false,
      authConfig: { client_id: "client-id-2", scopes: ["repo"] },
    });
  });

  it("diff: another integration replaces, the new one first; onDelete changes nothing remote", async () => {
    const same = await client.diff(stateUrn, integrationId, outputs, inputs, inputs);
    expect(same.getChanges()).toBe(DIFF_NONE);
    // The same credentials now given as secrets: only the record of plain values changes, nothing remote.
    const madeSecret = await client.diff(
      stateUrn,
      integrationId,
      outputs,
      { ...inputs, secretsGivenPlain: undefined },
      inputs,
    );
    expect(madeSecret.getChanges()).toBe(DIFF_NONE);
    const moved = await client.diff(
      stateUrn,
      integrationId,
      outputs,
      { ...inputs, integrationId: "other" },
      inputs,
    );
    expect(moved.getReplacesList()).toEqual(["integrationId"]);
    expect(moved.getDeletebeforereplace()).toBe(false);
    const restore = await client.diff(
      stateUrn,
      integrationId,
      outputs,
      { ...inputs, onDelete: "restore" },
      inputs,
    );
    expect(restore.getChanges()).toBe(DIFF_SOME);
    expect(restore.getDiffsList()).toEqual(["onDelete"]);
    expect(restore.getReplacesList()).toEqual([]);
  });

  it("delete with onDelete restore puts back what it found", async () => {
    // A destroy: a provider process of its own, which checked nothing (no claim on the integration).
    await inNextDeployment((next) =>
      next.delete(stateUrn, integrationId, { ...outputs, onDelete: "restore" }),
    );
    expect(await inspect.getIntegration(integrationId)).toMatchObject({
      enabled: true,
      authConfig: { client_id: "client-id-1", scopes: ["repo"] },
    });
  });
});

describe("a ConnectedAccount, a TriggerInstance and a TriggerWebhook through the plugin's calls", () => {
  const TOKEN = "account-token-plugin-0123456789";
  const accountUrn = urnOf("ConnectedAccount", "account");
  const instanceUrn = urnOf("TriggerInstance", "stars");
  const webhookUrn = urnOf("TriggerWebhook", "hook");
  let integrationId: string;
  let account: { id: string; inputs: Props; outputs: Props };
  let instance: { id: string; inputs: Props; outputs: Props };

  beforeAll(async () => {
    integrationId = (
      await inspect.createIntegration({
        name: "plugin-accounts",
        appName: "github",
        authScheme: "BEARER_TOKEN",
        forceNewIntegration: true,
      })
    ).id;
  });

  it("ConnectedAccount: check names the connector's missing field; data is secret, even as the default {}", async () => {
    const missing = await client.check(accountUrn, {}, { integrationId });
    // data holds secrets: the failure names the field in its reason only (the engine prints a named value).
    expect(missing.getFailuresList().map((f) => f.toObject())).toEqual([
      { property: "", reason: expect.stringMatching(/^data\.token is required/) },
    ]);
    expect(plain(missing.getInputs()).data).toEqual(secret({}));
    const response = await client.check(accountUrn, {}, { integrationId, data: { token: TOKEN } });
    expect(response.getFailuresList()).toEqual([]);
    expect(plain(response.getInputs())).toEqual({
      integrationId,
      data: secret({ token: TOKEN }),
      secretsGivenPlain: ["data.token"],
    });
  });

  it("ConnectedAccount: create, then any change of input replaces it, the new one first", async () => {
    const inputs = { integrationId, data: secret({ token: TOKEN }) };
    const created = await client.create(accountUrn, inputs);
    account = { id: created.getId(), inputs, outputs: plain(created.getProperties()) };
    expect(account.outputs).toMatchObject({
      integrationId,
      data: secret({ token: TOKEN }),
      status: "ACTIVE",
    });
    const rotated = await client.diff(
      accountUrn,
      account.id,
      account.outputs,
      { ...inputs, data: secret({ token: "another" }) },
      inputs,
    );
    expect(rotated.getReplacesList()).toEqual(["data"]);
    expect(rotated.getDeletebeforereplace()).toBe(false);
  });

  it("TriggerInstance: check reads the trigger's config schema; create enables it", async () => {
    const given = {
      connectedAccountId: account.id,
      triggerName: "GITHUB_STAR_ADDED_EVENT",
      triggerConfig: { owner: "octocat" },
    };
    const invalid = await client.check(instanceUrn, {}, given);
    expect(invalid.getFailuresList().map((f) => f.getProperty())).toEqual(["triggerConfig.repo"]);
    const checkedResponse = await client.check(
      instanceUrn,
      {},
      {
        ...given,
        triggerConfig: { owner: "octocat", repo: "hello" },
      },
    );
    const inputs = plain(checkedResponse.getInputs());
    expect(inputs).toMatchObject({ enabled: true });
    const created = await client.create(instanceUrn, inputs);
    instance = { id: created.getId(), inputs, outputs: plain(created.getProperties()) };
    expect((await inspect.getTriggerInstance(instance.id))?.triggerName).toBe("GITHUB_STAR_ADDED_EVENT");
    const disabled = await client.diff(
      instanceUrn,
      instance.id,
      instance.outputs,
      { ...inputs, enabled: false },
      inputs,
    );
    expect(disabled.getDiffsList()).toEqual(["enabled"]);
    expect(disabled.getReplacesList()).toEqual([]);
  });

  it("TriggerWebhook: check takes resourceName from the URN, and a second one of the account fails", async () => {
    const first = await client.check(webhookUrn, {}, { url: "https://hooks.example.com/a" });
    expect(first.getFailuresList()).toEqual([]);
    expect(plain(first.getInputs())).toEqual({
      url: "https://hooks.example.com/a",
      onDelete: "restore",
      resourceName: "hook",
    });
    // What the program sends under the internal key does not count: the logical name does.
    const spoofed = await client.check(
      urnOf("TriggerWebhook", "hook2"),
      {},
      {
        url: "https://hooks.example.com/b",
        resourceName: "hook",
      },
    );
    expect(spoofed.getFailuresList().map((f) => f.toObject())).toEqual([
      { property: "url", reason: expect.stringContaining('already managed by TriggerWebhook "hook"') },
    ]);
  });

  it("TriggerWebhook: create sets the URL and returns the signing secret as a secret; a change of url is an update", async () => {
    const inputs = { url: "https://hooks.example.com/a", onDelete: "restore", resourceName: "hook" };
    const created = await client.create(webhookUrn, inputs);
    expect(created.getId()).toBe("callback-url");
    const outputs = plain(created.getProperties());
    expect(outputs.webhookSecret).toEqual(secret(expect.any(String)));
    expect(await inspect.getCallbackUrl()).toBe("https://hooks.example.com/a");
    const moved = await client.diff(
      webhookUrn,
      "callback-url",
      outputs,
      { ...inputs, url: "https://hooks.example.com/c" },
      inputs,
    );
    expect(moved.getDiffsList()).toEqual(["url"]);
    expect(moved.getReplacesList()).toEqual([]);
    expect(moved.getDeletebeforereplace()).toBe(true);
    await client.delete(webhookUrn, "callback-url", outputs);
  });

  it("TriggerWebhook: read by id alone (import) takes resourceName from the URN, and leaves out onDelete's default", async () => {
    const response = await client.read(webhookUrn, "callback-url");
    expect(plain(response.getInputs())).toEqual({
      url: "https://hooks.example.com/a",
      resourceName: "hook",
    });
    expect(plain(response.getProperties())).toMatchObject({
      resourceName: "hook",
      priorUrl: "https://hooks.example.com/a",
      webhookSecret: secret(expect.any(String)),
    });
  });

  it("delete removes the instance and the account", async () => {
    await client.delete(instanceUrn, instance.id, instance.outputs);
    await client.delete(accountUrn, account.id, account.outputs);
    expect(await inspect.getTriggerInstance(instance.id)).toBeUndefined();
    expect((await client.read(accountUrn, account.id, account.outputs, account.inputs)).getId()).toBe("");
  });
});

describe("invokes", () => {
  const GET_TRIGGERS = "integrations:index:getTriggers";
  const TRIGGER_KEYS = [
    "name",
    "display_name",
    "appId",
    "appKey",
    "appName",
    "description",
    "config",
    "payload",
    "instructions",
    "type",
    "enabled",
    "count",
    "logo",
  ];

  it("getTriggers answers the documented keys of each trigger, with the configured provider's client", async () => {
    emulator.requestLog.clear();
    const response = await client.invoke(GET_TRIGGERS, { appNames: ["github"] });
    expect(response.getFailuresList()).toEqual([]);
    const { triggers } = plain(response.getReturn()) as { triggers: Record<string, unknown>[] };
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.every((trigger) => trigger.appName === "github")).toBe(true);
    for (const trigger of triggers)
      expect(TRIGGER_KEYS).toEqual(expect.arrayContaining(Object.keys(trigger)));
    expect(emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`)).toEqual([
      "GET /api/v1/triggers",
    ]);
  });

  it("asks once per distinct query in a process (the list's order and repeats do not matter)", async () => {
    emulator.requestLog.clear();
    await client.invoke(GET_TRIGGERS, { appNames: ["slack", "github"] });
    await client.invoke(GET_TRIGGERS, { appNames: ["github", "slack", "github"] });
    expect(emulator.requestLog.count()).toBe(1);
  });

  it("names an invalid or unknown argument, with no request sent", async () => {
    emulator.requestLog.clear();
    const response = await client.invoke(GET_TRIGGERS, { appNames: "github", appName: ["github"] });
    expect(response.getFailuresList().map((f) => f.toObject())).toEqual([
      { property: "appNames", reason: "must be a list" },
      { property: "appName", reason: expect.stringContaining("is not an argument of this function") },
    ]);
    expect(response.getReturn()).toBeUndefined();
    expect(emulator.requestLog.count()).toBe(0);
  });

  it("honours the deprecated showEnabledOnly and warns through the engine's log", async () => {
    const response = await client.invoke(GET_TRIGGERS, { appNames: ["github"], showEnabledOnly: true });
    const { triggers } = plain(response.getReturn()) as { triggers: { enabled?: boolean }[] };
    expect(triggers.every((trigger) => trigger.enabled !== false)).toBe(true);
    expect(engine.logs.map((log) => log.message)).toContainEqual(
      expect.stringContaining("getTriggers: `showEnabledOnly` is deprecated."),
    );
  });

  it("makes the result secret when an argument is", async () => {
    const response = await client.invoke(GET_TRIGGERS, { appNames: secret(["github"]) });
    const result = plain(response.getReturn());
    expect(result.triggers).toEqual(secret(expect.any(Array)));
  });

  const invoked = async (name: string, args: Props = {}) => {
    const response = await client.invoke(`integrations:index:${name}`, args);
    expect(response.getFailuresList()).toEqual([]);
    return plain(response.getReturn());
  };

  it("getConnector by name: the record, its authConfig without any secret value", async () => {
    const made = await inspect.createIntegration({
      name: "plugin-invoke-connector",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: AUTH,
      forceNewIntegration: true,
    });
    const found = await invoked("getConnector", { name: "plugin-invoke-connector" });
    expect(found).toMatchObject({ id: made.id, appName: "github", enabled: true });
    expect(found.authConfig).toEqual({ client_id: "client-id-1", scopes: ["repo"] });
    expect(JSON.stringify(found)).not.toContain(CLIENT_SECRET);
    const neither = await client
      .invoke("integrations:index:getConnector", {})
      .catch((e: grpc.ServiceError) => e);
    expect((neither as grpc.ServiceError).details).toContain("give exactly one of `id` and `name`");
  });

  it("getApps, getConnectedAccounts (no credentials), getActiveTriggers and getTriggerLogs answer their documented shapes", async () => {
    const { apps } = (await invoked("getApps")) as { apps: { name: string; auth_schemes?: unknown[] }[] };
    expect(apps.map((app) => app.name)).toContain("github");
    const { integrationId, accountId } = await githubTokenAccount(inspect, {
      name: "plugin-invoke-accounts",
      token: "invoke-account-token-0123456789",
    });
    const { accounts } = (await invoked("getConnectedAccounts", { integrationId })) as {
      accounts: Record<string, unknown>[];
    };
    expect(accounts.map((account) => account.id)).toEqual([accountId]);
    expect(JSON.stringify(accounts)).not.toContain("invoke-account-token-0123456789");
    expect(Object.keys(accounts[0]!)).not.toContain("data");
    const instance = await inspect.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", {
      owner: "o",
      repo: "r",
    });
    const { triggers } = (await invoked("getActiveTriggers", { connectedAccountIds: [accountId] })) as {
      triggers: { id: string; triggerName: string }[];
    };
    expect(triggers).toEqual([
      expect.objectContaining({ id: instance.triggerId, triggerName: "GITHUB_STAR_ADDED_EVENT" }),
    ]);
    expect(await invoked("getTriggerLogs", { connectionId: accountId, maxItems: 5 })).toEqual({ logs: [] });
    const fraction = await client.invoke("integrations:index:getTriggerLogs", { maxItems: 1.5 });
    expect(fraction.getFailuresList().map((f) => f.toObject())).toEqual([
      { property: "maxItems", reason: "must be an integer" },
    ]);
  });

  it("refuses a function the plugin does not serve", async () => {
    const error = await client.invoke("integrations:index:getNope", {}).catch((e: grpc.ServiceError) => e);
    expect((error as grpc.ServiceError).details).toContain('Unknown function "integrations:index:getNope"');
  });
});

describe("check", () => {
  const autonaming = (mode: provider.CheckRequest.AutonamingOptions.Mode, proposedName = "") =>
    new provider.CheckRequest.AutonamingOptions().setMode(mode).setProposedName(proposedName);
  const Mode = provider.CheckRequest.AutonamingOptions.Mode;
  const news = { appName: "github", authScheme: "BEARER_TOKEN" };

  it("takes an enforced or proposed name from the stack's autonaming settings", async () => {
    const enforced = await client.check(urn("named"), {}, news, autonaming(Mode.ENFORCE, "named"));
    expect(plain(enforced.getInputs())).toMatchObject({ name: "named" });
    expect(plain(enforced.getInputs())).not.toHaveProperty("namePrefix");
    const proposed = await client.check(urn("named"), {}, news, autonaming(Mode.PROPOSE, "named-a1b2"));
    expect(plain(proposed.getInputs())).toMatchObject({ name: "named-a1b2" });
  });

  it("keeps the name of an update under a proposing pattern (the engine proposes afresh each run)", async () => {
    const olds = { ...news, name: "named-a1b2" };
    const response = await client.check(urn("named"), olds, news, autonaming(Mode.PROPOSE, "named-c3d4"));
    expect(plain(response.getInputs())).toMatchObject({ name: "named-a1b2" });
  });

  it("asks for a name when autonaming is disabled", async () => {
    const response = await client.check(urn("named"), {}, news, autonaming(Mode.DISABLE));
    expect(response.getFailuresList().map((f) => f.getProperty())).toEqual(["name"]);
  });

  it("lets a preview's unknowns through and reports invalid input as failures, never with a secret", async () => {
    const unknown = await checked("x", {
      name: UNKNOWN,
      appName: UNKNOWN,
      authConfig: secret({ client_secret: UNKNOWN }),
    });
    expect(unknown.failures).toEqual([]);
    expect(unknown.inputs.authConfig).toEqual(secret({ client_secret: UNKNOWN }));
    const invalid = await checked("x", {
      name: "x",
      appName: "github",
      appId: "also",
      authConfig: secret({ client_secret: CLIENT_SECRET, scopes: "repo" }),
    });
    // A failure inside a secret-holding input names it in its reason only: the engine prints a named
    // property's value (../resources/shared/check-failures.ts).
    expect(invalid.failures.map((f) => f.property).sort()).toEqual(["", "appId"]);
    expect(invalid.failures.find((f) => f.property === "")?.reason).toMatch(
      /^authConfig\.scopes must be a list/,
    );
    expect(JSON.stringify(invalid.failures)).not.toContain(CLIENT_SECRET);
  });

  it("records which authConfig values came plain, by name only, before it makes the whole authConfig secret", async () => {
    const news = { name: "plain-keys", appName: "github", authScheme: "OAUTH2" };
    const mixed = await checked("x", {
      ...news,
      authConfig: { client_id: "id", client_secret: secret(CLIENT_SECRET), scopes: [secret("repo")] },
    });
    expect(mixed.inputs.authConfig).toEqual(
      secret({ client_id: "id", client_secret: CLIENT_SECRET, scopes: ["repo"] }),
    );
    expect(mixed.inputs.secretsGivenPlain).toEqual(["authConfig.client_id"]);
    // A whole authConfig given secret (as the generated SDKs send it), and one the program claims to be secret:
    // nothing came plain, and the record is the provider's own.
    const whole = await checked("x", { ...news, authConfig: secret(AUTH), secretsGivenPlain: [] });
    expect(whole.inputs).not.toHaveProperty("secretsGivenPlain");
    const claimed = await checked("x", { ...news, authConfig: AUTH, secretsGivenPlain: [] });
    expect(claimed.inputs.secretsGivenPlain).toEqual([
      "authConfig.client_id",
      "authConfig.client_secret",
      "authConfig.scopes",
    ]);
    expect(JSON.stringify(claimed.inputs.secretsGivenPlain)).not.toContain(CLIENT_SECRET);
    const account = await checked(
      "x",
      { integrationId: "i-1", data: { api_key: "k", region: secret("eu") } },
      {},
      "ConnectedAccount",
    );
    expect(account.inputs.secretsGivenPlain).toEqual(["data.api_key"]);
  });

  it("refuses a type the plugin does not serve", async () => {
    const error = await client
      .check("urn:pulumi:dev::proj::integrations:index:Nope::n", {}, {})
      .catch((e: grpc.ServiceError) => e);
    expect((error as grpc.ServiceError).details).toContain('Unknown resource type "integrations:index:Nope"');
  });
});

describe("a partial create", () => {
  it("carries the id, the outputs (authConfig secret) and the inputs, so that the engine keeps the connector", async () => {
    const { inputs } = await checked("partial", {
      name: "plugin-partial",
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: secret(AUTH),
      enabled: false,
    });
    emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/integrations/:integrationId"], remaining: 1 });
    const error = (await client
      .create(urn("partial"), inputs)
      .catch((e: grpc.ServiceError) => e)) as grpc.ServiceError;
    const detail = initFailureOf(error);
    expect(detail).toBeDefined();
    const live = await inspect.findIntegrationByName("plugin-partial");
    expect(detail!.getId()).toBe(live?.id);
    expect(plain(detail!.getProperties())).toMatchObject({ name: "plugin-partial", enabled: true });
    expect(plain(detail!.getProperties())).not.toHaveProperty("lastApplied");
    expect(plain(detail!.getInputs())).toMatchObject({ name: "plugin-partial", authConfig: secret(AUTH) });
    expect(error.details).toContain("It is kept in state");
    expect(error.details).not.toContain(CLIENT_SECRET);
  });
});
