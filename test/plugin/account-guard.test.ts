import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import {
  accountView,
  defaultProviderInputs,
  exportedOf,
  recorded,
  refusedObjects,
  type AccountView,
  type ExportedResource,
  type GuardRun,
  type Service,
} from "../e2e/support/account-views";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

/**
 * Where an object lives, guarded end to end on the real CLI with the provider plugin (a Pulumi YAML program on
 * the real `pulumi-language-yaml`, test/plugin/yaml-programs/account-guard; the default provider): the
 * resources record their service and account, and the default provider's CheckConfig records the base URL and
 * account it resolved, so that another account's key is refused, another service is a deliberate move (the pin
 * changed, the old key in state: a replacement the preview shows), and another spelling of the same service is
 * neither.
 *
 * One stack (a Connector, the account's TriggerWebhook and, in part 1, an IntegrationState on an integration
 * made outside the stack) whose key comes from INTEGRATIONS_API_KEY. Two emulators: `service`, with the
 * accounts alpha (keys a1 and a2) and beta (b1), and `other`, another service where a1 belongs to gamma.
 * 1. made with a1, refused with b1 (up --refresh, refresh, destroy), unchanged with a2, destroyed with a2;
 * 2. `integrations:accountId` pinned to alpha on the emptied stack, refused with b1; 3. made again with a1, then
 * moved to the other service: by the base URL alone (refused), with the pin but no key in state (refused), then
 * with a1 given as a secret (the move); the other service's `localhost` spelling (the connector found there, the
 * webhook kept at its recorded URL); and INTEGRATIONS_BASE_URL back at the first service, which the pin refuses.
 */
const CONNECTOR = "integrations:index:Connector";
const WEBHOOK = "integrations:index:TriggerWebhook";
const STATE = "integrations:index:IntegrationState";
/** The URL alpha had before the stack: what the TriggerWebhook (onDelete "restore") puts back. */
const BEFORE_URL = "https://before.example/alpha";
const STACK_URL = "https://stack.example/events";
const CLIENT_INFO = "GET /api/v1/client/auth/client_info";
const EMPTY: AccountView = { connectors: [], callbackUrl: undefined };

type Account = "alpha" | "beta" | "gamma";

describe("the account guard of the plugin, on the real CLI", () => {
  const a1 = distinctiveSecret("a1");
  const a2 = distinctiveSecret("a2");
  const b1 = distinctiveSecret("b1");
  let service: RunningEmulator;
  let other: RunningEmulator;
  let services: Service[];
  const clients: ApiClient[] = [];
  let accounts: Record<Account, ApiClient>;
  /** The integration made outside the stack, in alpha, that the IntegrationState holds. */
  let elsewhereId: string;
  let stack: PulumiStack;
  let programFile: string;
  /** The environment of the CLI, the plugin and the program: each step's key, later the base URL. */
  const env: Record<string, string> = {};
  const runs: Record<string, GuardRun> = {};
  /** By step: the managed resources of `pulumi stack export` after it, and its default provider's inputs. */
  const states: Record<string, ExportedResource[]> = {};
  const providers: Record<string, Record<string, unknown> | undefined> = {};
  const stateTexts: string[] = [];
  /** By step: every account's objects after it, each seen through its own key. */
  const views: Record<string, Record<Account, AccountView>> = {};
  let decryptedState = "";
  const localhost = (url: string) => url.replace("127.0.0.1", "localhost");

  async function run(name: string, command: (stack: PulumiStack) => Promise<OperationResult>): Promise<void> {
    runs[name] = await recorded(services, () => command(stack));
    const exported = await exportedOf(stack);
    stateTexts.push(exported.text);
    states[name] = exported.resources;
    providers[name] = defaultProviderInputs(exported.text, "integrations");
    views[name] = {
      alpha: await accountView(accounts.alpha),
      beta: await accountView(accounts.beta),
      gamma: await accountView(accounts.gamma),
    };
  }

  beforeAll(async () => {
    const started = performance.now();
    [service, other] = await Promise.all([
      startEmulator({ port: 0, apiKeys: [`${a1}=alpha`, `${a2}=alpha`, `${b1}=beta`] }),
      startEmulator({ port: 0, apiKeys: [`${a1}=gamma`] }),
    ]);
    services = [
      { emulator: service, labels: ["a1", "a2", "b1"] },
      { emulator: other, labels: ["a1@other"] },
    ];
    const client = (baseUrl: string, apiKey: string) => {
      const made = new ApiClient({ baseUrl, apiKey, maxRetries: 0 });
      clients.push(made);
      return made;
    };
    accounts = {
      alpha: client(service.url, a2),
      beta: client(service.url, b1),
      gamma: client(other.url, a1),
    };
    await accounts.alpha.setCallbackUrl(BEFORE_URL);
    const elsewhere = { name: "made-elsewhere", appName: "github", authScheme: "BEARER_TOKEN" };
    elsewhereId = (await accounts.alpha.createIntegration(elsewhere)).id;

    const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "account-guard"), "account-guard");
    programFile = join(programDir, "Pulumi.yaml");
    stack = await yamlPluginStack(programDir, {
      config: { "integrations:baseUrl": service.url, webhookUrl: STACK_URL, integrationId: elsewhereId },
      env,
    });
    const staged = performance.now();

    // 1. GitOps: made with a1; b1 (another account's key) refused by every command; a2 (alpha's) changes nothing.
    env.INTEGRATIONS_API_KEY = a1;
    await run("create", (s) => s.up({ skipPreview: true }));
    env.INTEGRATIONS_API_KEY = b1;
    await run("upRefreshB1", (s) => s.up({ refresh: true }));
    await run("refreshB1", (s) => s.refresh());
    await run("destroyB1", (s) => s.destroy());
    env.INTEGRATIONS_API_KEY = a2;
    await run("upA2", (s) => s.up({ skipPreview: true }));
    await run("destroyA2", (s) => s.destroy());

    // 2. The account pinned, on the stack the destroy emptied, run with b1.
    await stack.setConfig("integrations:accountId", "alpha");
    env.INTEGRATIONS_API_KEY = b1;
    await run("pinnedPreviewB1", (s) => s.preview());
    await run("pinnedUpB1", (s) => s.up());

    // 3. Made again with a1 (the pin lets it through; no IntegrationState: its integration lives in alpha
    // only), then moved to the other service, where a1 reaches gamma. First by the base URL alone, the pin
    // dropped: refused, since a key never moves a stack to another account...
    env.INTEGRATIONS_API_KEY = a1;
    await stack.removeConfig("integrationId");
    dropIntegrationState(programFile);
    await run("recreate", (s) => s.up({ skipPreview: true }));
    await stack.removeConfig("integrations:accountId");
    await stack.setConfig("integrations:baseUrl", other.url);
    await run("moveByUrlUp", (s) => s.up({ skipPreview: true }));
    // ... then as asked for: the pin names the new account, which the state refuses while it holds no key to
    // delete the old objects with (a1 came from the environment); given as a secret and applied once, it does.
    await stack.setConfig("integrations:accountId", "gamma");
    await run("moveWithoutOldKeyUp", (s) => s.up({ skipPreview: true }));
    await stack.setConfig("integrations:baseUrl", service.url);
    await stack.setConfig("integrations:accountId", "alpha");
    await stack.setConfig("integrations:apiKey", a1, { secret: true });
    await run("keyUp", (s) => s.up({ skipPreview: true }));
    await stack.setConfig("integrations:baseUrl", other.url);
    await stack.setConfig("integrations:accountId", "gamma");
    await run("movePreview", (s) => s.preview());
    await run("moveUp", (s) => s.up({ skipPreview: true }));
    // Another spelling of the other service: the connector is found there by id; the TriggerWebhook, whose id
    // every account has, stays at the URL it records, which still answers a1 as gamma.
    await stack.setConfig("integrations:baseUrl", localhost(other.url));
    await run("respellPreview", (s) => s.preview());
    await run("respellUp", (s) => s.up({ skipPreview: true }));
    await run("respellNoChanges", (s) => s.preview({ expectNoChanges: true }));
    // Through the environment, with no integrations:baseUrl in config: the first service, where the pinned
    // gamma is not what a1 reaches.
    await stack.removeConfig("integrations:baseUrl");
    env.INTEGRATIONS_BASE_URL = service.url;
    await run("envMovePreview", (s) => s.preview());
    // Decrypted, the one key given as a secret (the default provider's apiKey) aside.
    decryptedState = JSON.stringify(await stack.resources(), (key, value: unknown) =>
      key === "apiKey" ? "[the provider's secret]" : value,
    );

    const durations = Object.entries(runs).map(([name, r]) => `${name} ${(r.durationMs / 1000).toFixed(1)}`);
    const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
    console.log(
      `account guard, plugin: ${seconds(started)} s, ${seconds(staged)} s after staging (${durations.join(", ")})`,
    );
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    for (const client of clients) client.close();
    await Promise.all([service?.close(), other?.close()]);
  });

  const MANAGED = new Set([CONNECTOR, WEBHOOK, STATE]);
  const opsOf = (name: string) =>
    runs[name]!.steps.filter((step) => MANAGED.has(step.type))
      .map((step) => [step.name, step.op])
      .sort();
  const idOf = (name: string, step: string) => states[step]!.find((resource) => resource.name === name)!.id;
  const inAlpha = () => ({ accountId: "alpha", serviceUrl: service.url });

  it("1. creates with a1 in alpha; the resources and the default provider record where (never the key)", () => {
    expect(runs.create!.error).toBeUndefined();
    expect(opsOf("create")).toEqual([
      ["events", "create"],
      ["github", "create"],
      ["made-elsewhere", "create"],
    ]);
    expect(runs.create!.writes.a1!.sort()).toEqual([
      "PATCH /api/v1/integrations/:integrationId",
      "POST /api/v1/integrations",
      "POST /api/v1/triggers/set_callback_url",
    ]);
    expect(Object.keys(runs.create!.writes)).toEqual(["a1"]);
    expect(views.create).toEqual({
      alpha: { connectors: ["guard-github", "made-elsewhere (disabled)"], callbackUrl: STACK_URL },
      beta: EMPTY,
      gamma: EMPTY,
    });
    expect(states.create).toEqual([
      { name: "events", type: WEBHOOK, id: "callback-url", ...inAlpha() },
      { name: "github", type: CONNECTOR, id: expect.any(String), ...inAlpha() },
      { name: "made-elsewhere", type: STATE, id: elsewhereId, ...inAlpha() },
    ]);
    // The key came from the environment: it is never written, not even encrypted.
    expect(providers.create).toMatchObject({ accountId: "alpha", baseUrl: service.url });
    expect(providers.create).not.toHaveProperty("apiKey");
  });

  it.each(["upRefreshB1", "refreshB1", "destroyB1"])(
    "1. with b1, %s fails naming both accounts, before any request about an object: nothing written, nothing dropped",
    (name) => {
      const result = runs[name]!;
      expect(result.exitCode).not.toBe(0);
      const refused = refusedObjects(result.error, inAlpha(), { accountId: "beta", serviceUrl: service.url });
      // Each object is refused by its own call; the engine may stop before the others fail.
      expect(refused.length).toBeGreaterThan(0);
      expect([
        `Connector ${idOf("github", "create")}`,
        "TriggerWebhook callback-url",
        `IntegrationState ${elsewhereId}`,
      ]).toEqual(expect.arrayContaining(refused));
      expect(Object.keys(result.requests)).toEqual(["b1"]);
      expect(new Set(result.requests.b1)).toEqual(new Set([CLIENT_INFO]));
      expect(views[name]).toEqual(views.create);
      expect(states[name]).toEqual(states.create);
      expect(providers[name]).toEqual(providers.create);
    },
  );

  it("1. with a2 (alpha's other key): up changes and writes nothing; destroy deletes everything from alpha", async () => {
    expect(runs.upA2!.error).toBeUndefined();
    expect(opsOf("upA2")).toEqual([
      ["events", "same"],
      ["github", "same"],
      ["made-elsewhere", "same"],
    ]);
    expect(runs.upA2!.writes).toEqual({});
    expect(states.upA2).toEqual(states.create);
    expect(providers.upA2).toEqual(providers.create);

    expect(runs.destroyA2!.error).toBeUndefined();
    expect(Object.keys(runs.destroyA2!.writes)).toEqual(["a2"]);
    expect(runs.destroyA2!.writes.a2!.sort()).toEqual([
      "DELETE /api/v1/integrations/:integrationId",
      "PATCH /api/v1/integrations/:integrationId",
      "POST /api/v1/triggers/set_callback_url",
    ]);
    // The connector deleted, the integration made elsewhere enabled again, the callback URL put back.
    expect(views.destroyA2).toEqual({
      alpha: { connectors: ["made-elsewhere"], callbackUrl: BEFORE_URL },
      beta: EMPTY,
      gamma: EMPTY,
    });
    await expect(accounts.alpha.getIntegration(idOf("github", "create"))).resolves.toMatchObject({
      deleted: true,
    });
    expect(states.destroyA2).toEqual([]);
    expect(providers.destroyA2).toBeUndefined();
  });

  it("2. integrations:accountId pins alpha: with b1, preview and up fail at CheckConfig, naming both; nothing in beta", () => {
    for (const name of ["pinnedPreviewB1", "pinnedUpB1"]) {
      const result = runs[name]!;
      expect(result.exitCode).not.toBe(0);
      expect(result.error).toContain(
        'the API key reaches account "beta", not the pinned "alpha": nothing is created or changed with it.',
      );
      expect(opsOf(name)).toEqual([]);
      expect(result.writes).toEqual({});
      expect(views[name]).toEqual(views.destroyA2);
      expect(states[name]).toEqual([]);
    }
    expect(runs.recreate!.error).toBeUndefined();
    expect(views.recreate!.alpha).toEqual({
      connectors: ["guard-github", "made-elsewhere"],
      callbackUrl: STACK_URL,
    });
    expect(states.recreate!.map((resource) => resource.accountId)).toEqual(["alpha", "alpha"]);
  });

  it("3. the base URL alone to another service (a1 reaches gamma): CheckConfig refuses, naming both accounts; nothing written", () => {
    const result = runs.moveByUrlUp!;
    expect(result.exitCode).not.toBe(0);
    expect(result.error).toContain(
      `the API key reaches account "gamma" (${other.url}), but this provider's state records account "alpha" (${service.url})`,
    );
    expect(opsOf("moveByUrlUp")).toEqual([]);
    expect(result.writes).toEqual({});
    expect(views.moveByUrlUp).toEqual(views.recreate);
    expect(states.moveByUrlUp).toEqual(states.recreate);
    expect(providers.moveByUrlUp).toEqual(providers.recreate);
  });

  it("3. the pin moved to gamma while the state holds no key of alpha: refused, naming destroy and `pulumi state delete`", () => {
    const result = runs.moveWithoutOldKeyUp!;
    expect(result.exitCode).not.toBe(0);
    expect(result.error).toContain('moving this provider from account "alpha"');
    expect(result.error).toContain("`pulumi state delete <urn>`");
    expect(result.error).toContain("destroy the stack with the old settings");
    expect(opsOf("moveWithoutOldKeyUp")).toEqual([]);
    expect(result.writes).toEqual({});
    expect(states.moveWithoutOldKeyUp).toEqual(states.recreate);
    expect(providers.moveWithoutOldKeyUp).toEqual(providers.recreate);
  });

  it("3. the key given as a secret: the provider's state holds it encrypted, nothing else changes", () => {
    expect(runs.keyUp!.error).toBeUndefined();
    expect(opsOf("keyUp")).toEqual([
      ["events", "same"],
      ["github", "same"],
    ]);
    expect(runs.keyUp!.writes).toEqual({});
    expect(providers.keyUp!.apiKey).toMatchObject({ ciphertext: expect.any(String) });
  });

  const moved = [
    ["events", "create-replacement"],
    ["events", "delete-replaced"],
    ["events", "replace"],
    ["github", "create-replacement"],
    ["github", "delete-replaced"],
    ["github", "replace"],
  ];

  it("3. the base URL and the pin moved together: the preview shows the move and writes nothing; the up makes it", async () => {
    const preview = runs.movePreview!;
    expect(preview.error).toBeUndefined();
    expect(opsOf("movePreview")).toEqual(moved);
    // Replaced because their provider is (DiffConfig: another base URL, another account).
    const replaces = preview.steps.filter((step) => step.op === "replace").map((step) => step.replaces);
    expect(replaces).toEqual([["provider"], ["provider"]]);
    expect(preview.writes).toEqual({});
    expect(views.movePreview).toEqual(views.recreate);
    expect(states.movePreview).toEqual(states.recreate);

    // Applied: made in gamma, then deleted from alpha through the old provider and its key (alpha's URL put back).
    expect(runs.moveUp!.error).toBeUndefined();
    expect(opsOf("moveUp")).toEqual(moved);
    expect(runs.moveUp!.writes["a1@other"]!.sort()).toEqual([
      "POST /api/v1/integrations",
      "POST /api/v1/triggers/set_callback_url",
    ]);
    expect(runs.moveUp!.writes.a1!.sort()).toEqual([
      "DELETE /api/v1/integrations/:integrationId",
      "POST /api/v1/triggers/set_callback_url",
    ]);
    expect(views.moveUp).toEqual({
      alpha: { connectors: ["made-elsewhere"], callbackUrl: BEFORE_URL },
      beta: EMPTY,
      gamma: { connectors: ["guard-github"], callbackUrl: STACK_URL },
    });
    await expect(accounts.alpha.getIntegration(idOf("github", "recreate"))).resolves.toMatchObject({
      deleted: true,
    });
    const inGamma = { accountId: "gamma", serviceUrl: other.url };
    expect(states.moveUp).toEqual([
      { name: "events", type: WEBHOOK, id: "callback-url", ...inGamma },
      { name: "github", type: CONNECTOR, id: expect.any(String), ...inGamma },
    ]);
    expect(idOf("github", "moveUp")).not.toBe(idOf("github", "recreate"));
    expect(providers.moveUp).toMatchObject({ accountId: "gamma", baseUrl: other.url });
  });

  it("3. the base URL respelt (localhost): the connector updates (found there by id), the webhook stays where it is recorded", () => {
    const respelt = { accountId: "gamma", serviceUrl: localhost(other.url) };
    const updated = [
      ["events", "same"],
      ["github", "update"],
    ];
    expect(runs.respellPreview!.error).toBeUndefined();
    expect(opsOf("respellPreview")).toEqual(updated);
    expect(runs.respellPreview!.writes).toEqual({});
    expect(runs.respellUp!.error).toBeUndefined();
    expect(opsOf("respellUp")).toEqual(updated);
    expect(runs.respellUp!.writes).toEqual({});
    expect(runs.respellUp!.requests["a1@other"]).toContain("GET /api/v1/integrations/:integrationId");
    expect(views.respellUp).toEqual(views.moveUp);
    // The webhook's id proves nothing, so it is not moved to the new spelling: the recorded URL answers a1 as
    // gamma, and the webhook is worked on there.
    expect(states.respellUp).toEqual(
      states.moveUp!.map((resource) => (resource.name === "github" ? { ...resource, ...respelt } : resource)),
    );
    expect(providers.respellUp).toMatchObject({ accountId: "gamma", baseUrl: respelt.serviceUrl });
    expect(runs.respellNoChanges!.error).toBeUndefined();
    expect(opsOf("respellNoChanges")).toEqual([
      ["events", "same"],
      ["github", "same"],
    ]);
    expect(runs.respellNoChanges!.writes).toEqual({});
  });

  it("3. INTEGRATIONS_BASE_URL to the first service (a1 reaches alpha, gamma pinned): refused, nothing written", () => {
    const preview = runs.envMovePreview!;
    expect(preview.exitCode).not.toBe(0);
    expect(preview.error).toContain('the API key reaches account "alpha", not the pinned "gamma"');
    expect(preview.writes).toEqual({});
    expect(views.envMovePreview).toEqual(views.respellUp);
    expect(states.envMovePreview).toEqual(states.respellUp);
  });

  it("never writes a key into state in clear or shows one in the CLI's output", () => {
    const seen = [...stateTexts, decryptedState, ...Object.values(runs).map((result) => result.output)].join(
      "\n",
    );
    for (const key of [a1, a2, b1]) expect(seen).not.toContain(key);
  });
});

/**
 * The program without its IntegrationState (the resource, its output and the config naming its integration):
 * YAML declares no resource conditionally, so the test edits the program.
 */
function dropIntegrationState(programFile: string): void {
  const program = parseDocument(readFileSync(programFile, "utf8"));
  for (const path of [
    ["resources", "made-elsewhere"],
    ["outputs", "priorEnabled"],
    ["config", "integrationId"],
  ]) {
    if (!program.deleteIn(path)) throw new Error(`no ${path.join(".")} in ${programFile}`);
  }
  writeFileSync(programFile, program.toString());
}
