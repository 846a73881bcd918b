import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import {
  accountView,
  exportedOf,
  recorded,
  refusedObjects,
  type AccountView,
  type ExportedResource,
  type GuardRun,
  type Service,
} from "./support/account-views";
import { distinctiveSecret } from "./support/e2e-api";

/**
 * Where an object lives, guarded end to end on the real CLI with the dynamic resources: each resource records
 * the service and the account (client_info's client.id) its object lives in, and no command reads, changes or
 * deletes it through a key of another account or at another service.
 *
 * One stack (a Connector and the account's TriggerWebhook) whose key comes from the environment
 * (INTEGRATIONS_API_KEY, no `integrations:apiKey` in config), as a pipeline gives it. Two emulators: `service`,
 * with the accounts alpha (keys a1 and a2) and beta (b1), and `other`, another service where a1 belongs to the
 * account gamma. The sequence: 1. made with a1, refused with b1 (up --refresh, refresh, destroy), unchanged with
 * a2, destroyed with a2; 2. `integrations:accountId` pinned to alpha on the emptied stack, refused with b1;
 * 3. made again with a1, then `integrations:baseUrl` changed (a) to the other service, whose preview is refused,
 * (b) to `localhost` for `127.0.0.1`, which is the same service: the connector proves it by its id, the
 * webhook (whose id proves nothing) stays at its recorded URL; the same through INTEGRATIONS_BASE_URL.
 */
const CONNECTOR = "pulumi-nodejs:dynamic/integrations:Connector";
const WEBHOOK = "pulumi-nodejs:dynamic/integrations:TriggerWebhook";
/** The URL alpha had before the stack: what the TriggerWebhook (onDelete "restore") puts back. */
const BEFORE_URL = "https://before.example/alpha";
const STACK_URL = "https://stack.example/events";
const CLIENT_INFO = "GET /api/v1/client/auth/client_info";
const EMPTY: AccountView = { connectors: [], callbackUrl: undefined };

type Account = "alpha" | "beta" | "gamma";

describe("e2e: the account guard (dynamic resources)", () => {
  const a1 = distinctiveSecret("a1");
  const a2 = distinctiveSecret("a2");
  const b1 = distinctiveSecret("b1");
  let service: RunningEmulator;
  let other: RunningEmulator;
  let services: Service[];
  const clients: ApiClient[] = [];
  let accounts: Record<Account, ApiClient>;
  let stack: PulumiStack;
  /** The environment of the CLI, its providers and the program: each step's key. */
  const env: Record<string, string> = {};
  const runs: Record<string, GuardRun> = {};
  /** By step: the managed resources of `pulumi stack export` after it. */
  const states: Record<string, ExportedResource[]> = {};
  const stateTexts: string[] = [];
  /** By step: every account's objects after it, each seen through its own key. */
  const views: Record<string, Record<Account, AccountView>> = {};
  let decryptedState = "";

  async function run(name: string, command: (stack: PulumiStack) => Promise<OperationResult>): Promise<void> {
    runs[name] = await recorded(services, () => command(stack));
    const exported = await exportedOf(stack);
    stateTexts.push(exported.text);
    states[name] = exported.resources;
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
    await client(service.url, a1).setCallbackUrl(BEFORE_URL);

    stack = await PulumiStack.create({
      cli: pinnedCli(),
      programDir: await stageProgram(join(__dirname, "programs", "account-guard"), "account-guard"),
      config: { "integrations:baseUrl": service.url, webhookUrl: STACK_URL },
      env,
    });

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

    // 3. Made again with a1 (the pin lets it through), the pin dropped, then the base URL changed: (a) another
    // service, where a1 reaches gamma; (b) another spelling of the same service.
    env.INTEGRATIONS_API_KEY = a1;
    await run("recreate", (s) => s.up({ skipPreview: true }));
    await stack.removeConfig("integrations:accountId");
    await stack.setConfig("integrations:baseUrl", other.url);
    await run("otherServicePreview", (s) => s.preview());
    // (b): the connector is found there by id; the TriggerWebhook, whose id every account has, stays at the URL
    // it records, which still answers a1 as alpha.
    await stack.setConfig("integrations:baseUrl", service.url.replace("127.0.0.1", "localhost"));
    await run("respellPreview", (s) => s.preview());
    await run("respellUp", (s) => s.up({ skipPreview: true }));
    await run("respellNoChanges", (s) => s.preview({ expectNoChanges: true }));
    // ... and through the environment, with no integrations:baseUrl in config: another service, then the
    // first spelling again.
    await stack.removeConfig("integrations:baseUrl");
    env.INTEGRATIONS_BASE_URL = other.url;
    await run("envOtherServicePreview", (s) => s.preview());
    env.INTEGRATIONS_BASE_URL = service.url;
    await run("envRespellPreview", (s) => s.preview());
    decryptedState = JSON.stringify(await stack.resources());

    const durations = Object.entries(runs).map(([name, r]) => `${name} ${(r.durationMs / 1000).toFixed(1)}`);
    console.log(
      `account guard, dynamic: ${((performance.now() - started) / 1000).toFixed(1)} s (${durations.join(", ")})`,
    );
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    for (const client of clients) client.close();
    await Promise.all([service?.close(), other?.close()]);
  });

  const opsOf = (name: string) =>
    runs[name]!.steps.filter((step) => step.type === CONNECTOR || step.type === WEBHOOK).map((step) => [
      step.name,
      step.op,
    ]);
  const connectorId = () => states.create!.find((resource) => resource.name === "github")!.id;
  const inAlpha = () => ({ accountId: "alpha", serviceUrl: service.url });

  it("1. creates with a1 in alpha and records where each object lives", () => {
    expect(runs.create!.error).toBeUndefined();
    expect(opsOf("create").sort()).toEqual([
      ["events", "create"],
      ["github", "create"],
    ]);
    expect(runs.create!.writes).toEqual({
      a1: ["POST /api/v1/integrations", "POST /api/v1/triggers/set_callback_url"],
    });
    expect(views.create).toEqual({
      alpha: { connectors: ["guard-github"], callbackUrl: STACK_URL },
      beta: EMPTY,
      gamma: EMPTY,
    });
    expect(states.create).toEqual([
      { name: "events", type: WEBHOOK, id: "callback-url", ...inAlpha() },
      { name: "github", type: CONNECTOR, id: expect.any(String), ...inAlpha() },
    ]);
  });

  it.each(["upRefreshB1", "refreshB1", "destroyB1"])(
    "1. with b1, %s fails naming both accounts, before any request about an object: nothing written, nothing dropped",
    (name) => {
      const result = runs[name]!;
      expect(result.exitCode).not.toBe(0);
      const refused = refusedObjects(result.error, inAlpha(), { accountId: "beta", serviceUrl: service.url });
      // Each object is refused by its own call; the engine may stop before the second one fails.
      expect(refused.length).toBeGreaterThan(0);
      expect([`Connector ${connectorId()}`, "TriggerWebhook callback-url"]).toEqual(
        expect.arrayContaining(refused),
      );
      // b1 asked which account it reaches, and nothing else: no read, no write, in no account.
      expect(Object.keys(result.requests)).toEqual(["b1"]);
      expect(new Set(result.requests.b1)).toEqual(new Set([CLIENT_INFO]));
      expect(views[name]).toEqual(views.create);
      expect(states[name]).toEqual(states.create);
    },
  );

  it("1. with a2 (alpha's other key): up changes and writes nothing; destroy deletes everything from alpha", async () => {
    expect(runs.upA2!.error).toBeUndefined();
    expect(opsOf("upA2").sort()).toEqual([
      ["events", "same"],
      ["github", "same"],
    ]);
    expect(runs.upA2!.writes).toEqual({});
    expect(states.upA2).toEqual(states.create);

    expect(runs.destroyA2!.error).toBeUndefined();
    expect(runs.destroyA2!.writes).toEqual({
      a2: expect.arrayContaining([
        "DELETE /api/v1/integrations/:integrationId",
        "POST /api/v1/triggers/set_callback_url",
      ]),
    });
    expect(runs.destroyA2!.writes.a2).toHaveLength(2);
    expect(views.destroyA2).toEqual({
      alpha: { connectors: [], callbackUrl: BEFORE_URL },
      beta: EMPTY,
      gamma: EMPTY,
    });
    await expect(accounts.alpha.getIntegration(connectorId())).resolves.toMatchObject({ deleted: true });
    expect(states.destroyA2).toEqual([]);
  });

  it("2. integrations:accountId pins alpha: with b1, preview and up fail at check, naming both; nothing in beta", () => {
    for (const name of ["pinnedPreviewB1", "pinnedUpB1"]) {
      const result = runs[name]!;
      expect(result.exitCode).not.toBe(0);
      expect(result.error).toContain(
        'the API key reaches account "beta", but the provider is pinned to account "alpha" ' +
          "(integrations:accountId, or with the plugin the account its state recorded at the last `pulumi up`): " +
          "nothing is created or changed with it.",
      );
      expect(opsOf(name)).toEqual([]);
      expect(result.writes).toEqual({});
      expect(views[name]).toEqual(views.destroyA2);
      expect(states[name]).toEqual([]);
    }
    // With a1 the pin lets the stack through.
    expect(runs.recreate!.error).toBeUndefined();
    expect(views.recreate!.alpha).toEqual({ connectors: ["guard-github"], callbackUrl: STACK_URL });
    expect(states.recreate!.map((resource) => resource.accountId)).toEqual(["alpha", "alpha"]);
  });

  it("3a. integrations:baseUrl to another service where a1 reaches gamma: the preview fails naming both, before any write", () => {
    const result = runs.otherServicePreview!;
    expect(result.exitCode).not.toBe(0);
    const gamma = { accountId: "gamma", serviceUrl: other.url };
    expect(refusedObjects(result.error, inAlpha(), gamma).length).toBeGreaterThan(0);
    expect(result.writes).toEqual({});
    // The other service was asked which account a1 reaches there (and the webhook's check read its URL).
    expect(result.requests["a1@other"]).toContain(CLIENT_INFO);
    expect(views.otherServicePreview).toEqual(views.recreate);
    expect(views.otherServicePreview!.gamma).toEqual(EMPTY);
    expect(states.otherServicePreview).toEqual(states.recreate);
  });

  const localhostUrl = () => service.url.replace("127.0.0.1", "localhost");

  it("3b. integrations:baseUrl respelt (localhost): the connector updates (found there by id), the webhook stays where it is recorded", () => {
    const updated = [
      ["events", "same"],
      ["github", "update"],
    ];
    expect(runs.respellPreview!.error).toBeUndefined();
    expect(opsOf("respellPreview").sort()).toEqual(updated);
    expect(runs.respellPreview!.writes).toEqual({});
    expect(runs.respellUp!.error).toBeUndefined();
    expect(opsOf("respellUp").sort()).toEqual(updated);
    expect(runs.respellUp!.writes).toEqual({});
    expect(runs.respellUp!.requests.a1).toContain("GET /api/v1/integrations/:integrationId");
    expect(views.respellUp).toEqual(views.recreate);
    expect(states.respellUp).toEqual(
      states.recreate!.map((resource) =>
        resource.name === "github" ? { ...resource, serviceUrl: localhostUrl() } : resource,
      ),
    );
    expect(runs.respellNoChanges!.error).toBeUndefined();
    expect(opsOf("respellNoChanges").sort()).toEqual([
      ["events", "same"],
      ["github", "same"],
    ]);
    expect(runs.respellNoChanges!.writes).toEqual({});
  });

  it("3. INTEGRATIONS_BASE_URL (no integrations:baseUrl): another service refused, naming both; the first spelling again an update", () => {
    const refused = runs.envOtherServicePreview!;
    expect(refused.exitCode).not.toBe(0);
    const gamma = { accountId: "gamma", serviceUrl: other.url };
    // Each object is refused by its own call, naming where it is recorded: the connector at the localhost
    // spelling, the webhook still at 127.0.0.1 (the engine may stop before the other fails).
    const refusals = [
      ...refusedObjects(refused.error, { accountId: "alpha", serviceUrl: localhostUrl() }, gamma),
      ...refusedObjects(refused.error, { accountId: "alpha", serviceUrl: service.url }, gamma),
    ];
    expect(refusals.length).toBeGreaterThan(0);
    expect(refused.writes).toEqual({});
    expect(runs.envRespellPreview!.error).toBeUndefined();
    expect(opsOf("envRespellPreview").sort()).toEqual([
      ["events", "same"],
      ["github", "update"],
    ]);
    expect(runs.envRespellPreview!.writes).toEqual({});
  });

  it("never writes a key into state or shows one in the CLI's output", () => {
    const seen = [...stateTexts, decryptedState, ...Object.values(runs).map((result) => result.output)].join(
      "\n",
    );
    for (const key of [a1, a2, b1]) expect(seen).not.toContain(key);
  });
});
