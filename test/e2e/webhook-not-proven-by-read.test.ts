/**
 * A TriggerWebhook's read proves no account (dynamic resources, real CLI): its id is always `callback-url`,
 * and every account with a callback URL answers it. So where its state does not say where it lives, the
 * provider refuses instead of adopting whatever account the key reaches now:
 * 1. a state written before 0.2.0 (no serviceUrl or accountId recorded: the exported state with both removed,
 *    imported) refreshed with a key of another account, beta: refused, naming `integrations:accountId` and
 *    `pulumi state delete`; beta's URL untouched. With the pin set to alpha and alpha's key, an `up` records
 *    the pin in the provider's state and the next refresh records alpha.
 * 2. the key and base URL switched to another service where the key's account has the same id (`alpha` at
 *    service two): refused, since service one, where the state records it, does not take that key; the other
 *    service's URL untouched, the state still at service one.
 * 3. a destroy with alpha's key puts back alpha's URL; beta and service two were never written.
 * (Before, the refresh of 1 adopted beta's webhook, and the destroy then wrote alpha's earlier URL into beta,
 * never putting alpha's back.)
 */
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { exportedResources } from "./support/account-views";
import { distinctiveSecret } from "./support/e2e-api";
import { importWithoutLocations } from "./support/pre-location-state";
import { join } from "node:path";

const BEFORE_ALPHA = "https://before.example/alpha";
const BETA_URL = "https://beta.example/events";
const TWO_URL = "https://two.example/events";
const STACK_URL = "https://stack.example/events";

const a1 = distinctiveSecret("a1");
const b1 = distinctiveSecret("b1");
const t1 = distinctiveSecret("t1");
let one: RunningEmulator;
let two: RunningEmulator;
const clients: Record<"alpha" | "beta" | "twoAlpha", ApiClient> = {} as never;
let stack: PulumiStack;
const env: Record<string, string> = {};
const runs: Record<string, OperationResult> = {};
const urls: Record<string, Record<string, string | undefined>> = {};
const webhookState: Record<string, unknown> = {};

async function step(name: string, command: (s: PulumiStack) => Promise<OperationResult>): Promise<void> {
  runs[name] = await command(stack);
  urls[name] = {
    alpha: await clients.alpha.getCallbackUrl(),
    beta: await clients.beta.getCallbackUrl(),
    twoAlpha: await clients.twoAlpha.getCallbackUrl(),
  };
  const webhook = exportedResources(await stack.stateText()).find((resource) => resource.name === "events");
  webhookState[name] = webhook && { serviceUrl: webhook.serviceUrl, accountId: webhook.accountId };
}

beforeAll(async () => {
  [one, two] = await Promise.all([
    startEmulator({ port: 0, apiKeys: [`${a1}=alpha`, `${b1}=beta`] }),
    startEmulator({ port: 0, apiKeys: [`${t1}=alpha`] }),
  ]);
  clients.alpha = new ApiClient({ baseUrl: one.url, apiKey: a1, maxRetries: 0 });
  clients.beta = new ApiClient({ baseUrl: one.url, apiKey: b1, maxRetries: 0 });
  clients.twoAlpha = new ApiClient({ baseUrl: two.url, apiKey: t1, maxRetries: 0 });
  await clients.alpha.setCallbackUrl(BEFORE_ALPHA);
  await clients.beta.setCallbackUrl(BETA_URL);
  await clients.twoAlpha.setCallbackUrl(TWO_URL);

  const program = "account-guard";
  const programDir = await stageProgram(join(__dirname, "programs", program), program, { compile: true });
  Object.assign(env, { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: one.url });
  stack = await PulumiStack.create({ cli: pinnedCli(), programDir, config: { webhookUrl: STACK_URL }, env });

  await step("create", (s) => s.up({ skipPreview: true }));
  await importWithoutLocations(stack);
  env.INTEGRATIONS_API_KEY = b1;
  await step("refreshBeta", (s) => s.refresh({ skipPreview: true }));
  env.INTEGRATIONS_API_KEY = a1;
  await stack.setConfig("integrations:accountId", "alpha");
  await step("upPinned", (s) => s.up({ skipPreview: true }));
  await step("refreshPinned", (s) => s.refresh({ skipPreview: true }));
  await stack.removeConfig("integrations:accountId");
  Object.assign(env, { INTEGRATIONS_API_KEY: t1, INTEGRATIONS_BASE_URL: two.url });
  await step("refreshTwo", (s) => s.refresh({ skipPreview: true }));
  await step("upTwo", (s) => s.up({ skipPreview: true }));
  Object.assign(env, { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: one.url });
  await step("destroy", (s) => s.destroy({ skipPreview: true }));
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  for (const client of Object.values(clients)) client.close();
  await Promise.all([one?.close(), two?.close()]);
});

const untouched = { beta: BETA_URL, twoAlpha: TWO_URL };

test("1. a state without locations, refreshed with beta's key: the webhook is refused, beta untouched", () => {
  expect(runs.create!.error).toBeUndefined();
  expect(runs.refreshBeta!.error).toContain(
    "TriggerWebhook callback-url: its state was written by an older version, which did not record the account",
  );
  expect(runs.refreshBeta!.error).toContain("pulumi config set integrations:accountId beta");
  expect(runs.refreshBeta!.error).toContain("pulumi state delete");
  expect(urls.refreshBeta).toEqual({ alpha: STACK_URL, ...untouched });
  expect(webhookState.refreshBeta).toEqual({ serviceUrl: undefined, accountId: undefined });
});

test("1. with the account pinned to alpha and alpha's key, an up records the pin, then a refresh records alpha", () => {
  expect(runs.upPinned!.error).toBeUndefined();
  expect(runs.refreshPinned!.error).toBeUndefined();
  expect(webhookState.refreshPinned).toEqual({ serviceUrl: one.url, accountId: "alpha" });
  expect(urls.refreshPinned).toEqual({ alpha: STACK_URL, ...untouched });
});

test.each(["refreshTwo", "upTwo"])(
  "2. %s at another service where the key's account has the same id: refused, nothing written there",
  (name) => {
    expect(runs[name]!.error).toContain(
      `TriggerWebhook callback-url lives at ${one.url} (account "alpha"), which does not answer the provider's key ` +
        `as that account, and the provider now reaches ${two.url}`,
    );
    expect(urls[name]).toEqual({ alpha: STACK_URL, ...untouched });
    expect(webhookState[name]).toEqual({ serviceUrl: one.url, accountId: "alpha" });
  },
);

test("3. a destroy with alpha's key puts alpha's URL back; beta and service two were never written", () => {
  expect(runs.destroy!.error).toBeUndefined();
  expect(urls.destroy).toEqual({ alpha: BEFORE_ALPHA, ...untouched });
});
