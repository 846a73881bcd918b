/**
 * A TriggerWebhook's read proves no account (plugin, real CLI; the dynamic resources' counterpart is
 * test/e2e/webhook-not-proven-by-read.test.ts). Its id is always `callback-url`, and every account with a
 * callback URL answers it:
 * 1. a state written before 0.2.0 (no resource, nor the default provider, records a service or account),
 *    refreshed with a key of another account, beta: the webhook is refused, naming `integrations:accountId` and
 *    `pulumi state delete`; beta's URL untouched. With the pin set to alpha and alpha's key, an `up` records
 *    the pin and the next refresh records alpha.
 * 2. the key and base URL switched to another service where the key's account has the same id: the default
 *    provider's CheckConfig refuses (the recorded URL does not take the key), so its state keeps service one;
 *    nothing is written at service two.
 * 3. a destroy with alpha's key and URL puts back alpha's URL; beta and service two were never written.
 */
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { defaultProviderInputs, exportedResources } from "../e2e/support/account-views";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { importWithoutLocations } from "../e2e/support/pre-location-state";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const BEFORE_ALPHA = "https://before.example/alpha";
const BETA_URL = "https://beta.example/events";
const TWO_URL = "https://two.example/events";
const STACK_URL = "https://stack.example/events";

const a1 = distinctiveSecret("a1");
const b1 = distinctiveSecret("b1");
const t1 = distinctiveSecret("t1");
let one: RunningEmulator;
let two: RunningEmulator;
const clients = {} as Record<"alpha" | "beta" | "twoAlpha", ApiClient>;
let stack: PulumiStack;
const env: Record<string, string> = {};
const runs: Record<string, OperationResult> = {};
const urls: Record<string, Record<string, string | undefined>> = {};
const webhookState: Record<string, unknown> = {};
const providerUrl: Record<string, unknown> = {};

async function step(name: string, command: (s: PulumiStack) => Promise<OperationResult>): Promise<void> {
  runs[name] = await command(stack);
  urls[name] = {
    alpha: await clients.alpha.getCallbackUrl(),
    beta: await clients.beta.getCallbackUrl(),
    twoAlpha: await clients.twoAlpha.getCallbackUrl(),
  };
  const text = await stack.stateText();
  const webhook = exportedResources(text).find((resource) => resource.name === "events");
  webhookState[name] = webhook && { serviceUrl: webhook.serviceUrl, accountId: webhook.accountId };
  providerUrl[name] = defaultProviderInputs(text, "integrations")?.baseUrl;
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

  const programDir = stageYamlProgram(
    join(__dirname, "yaml-programs", "connector-and-webhook"),
    "webhook-proof",
  );
  Object.assign(env, { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: one.url });
  stack = await yamlPluginStack(programDir, { config: { webhookUrl: STACK_URL }, env });

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

test("2. another service where the key's account has the same id: the provider refuses, nothing is recorded or written", () => {
  expect(runs.upTwo!.error).toContain(
    `the base URL is now ${two.url}, where the key reaches account "alpha" as this provider's state records, ` +
      `but the recorded ${one.url} does not answer this key as that account`,
  );
  expect(urls.upTwo).toEqual({ alpha: STACK_URL, ...untouched });
  expect(webhookState.upTwo).toEqual({ serviceUrl: one.url, accountId: "alpha" });
  expect(providerUrl.upTwo).toBe(one.url);
});

test("3. a destroy with alpha's key puts alpha's URL back; beta and service two were never written", () => {
  expect(runs.destroy!.error).toBeUndefined();
  expect(urls.destroy).toEqual({ alpha: BEFORE_ALPHA, ...untouched });
});
