/**
 * The scenario of "a TriggerWebhook's read proves no account", shared by both front ends' tests
 * (test/e2e/webhook-not-proven-by-read.test.ts, test/plugin/webhook-not-proven-by-read.test.ts). Two services:
 * one with the accounts alpha (a1) and beta (b1), two where t1 reaches an account also named alpha; each
 * account's callback URL set before the stack. The stack (a connector and the webhook, key and URL from the
 * environment) is made with a1, its state written back without locations (as before 0.2.0), refreshed with
 * b1, pinned to alpha and brought up, switched to service two with t1 (`refreshTwo` for the front ends whose
 * refresh reads the environment's URL, then `upTwo`), and destroyed with a1 at service one. Parts 1 and 3 are
 * the same for both front ends and are tested here; each test file checks its own part 2.
 */
import { ApiClient } from "../../../src/client";
import { startEmulator, type RunningEmulator } from "../../../src/emulator";
import type { PulumiStack } from "../../../tools/pulumi/stack";
import type { OperationResult } from "../../../tools/pulumi/types";
import { defaultProviderInputs, exportedResources } from "./account-views";
import { distinctiveSecret } from "./e2e-api";
import { importWithoutLocations } from "./pre-location-state";

const BEFORE_ALPHA = "https://before.example/alpha";
const BETA_URL = "https://beta.example/events";
const TWO_URL = "https://two.example/events";
export const STACK_URL = "https://stack.example/events";
export const UNTOUCHED = { beta: BETA_URL, twoAlpha: TWO_URL };

export interface WebhookProof {
  runs: Record<string, OperationResult>;
  /** By step: each account's callback URL after it. */
  urls: Record<string, Record<string, string | undefined>>;
  /** By step: where the webhook's state says it lives. */
  webhookState: Record<string, unknown>;
  /** By step: the base URL the plugin's default provider records (none for the dynamic resources). */
  providerUrl: Record<string, unknown>;
  services(): { one: RunningEmulator; two: RunningEmulator };
}

export function webhookProofScenario(options: {
  /** A new stack of the front end's program, its webhook URL config `webhookUrl`, with this environment. */
  stack(env: Record<string, string>): Promise<PulumiStack>;
  /** Whether a plain refresh configures the provider from the environment (dynamic) rather than from state. */
  refreshReadsEnvironment: boolean;
}): WebhookProof {
  const a1 = distinctiveSecret("a1");
  const b1 = distinctiveSecret("b1");
  const t1 = distinctiveSecret("t1");
  let one: RunningEmulator;
  let two: RunningEmulator;
  const clients = {} as Record<"alpha" | "beta" | "twoAlpha", ApiClient>;
  let stack: PulumiStack;
  const env: Record<string, string> = {};
  const proof: WebhookProof = {
    runs: {},
    urls: {},
    webhookState: {},
    providerUrl: {},
    services: () => ({ one, two }),
  };

  async function step(name: string, command: (s: PulumiStack) => Promise<OperationResult>): Promise<void> {
    proof.runs[name] = await command(stack);
    proof.urls[name] = {
      alpha: await clients.alpha.getCallbackUrl(),
      beta: await clients.beta.getCallbackUrl(),
      twoAlpha: await clients.twoAlpha.getCallbackUrl(),
    };
    const text = await stack.stateText();
    const webhook = exportedResources(text).find((resource) => resource.name === "events");
    proof.webhookState[name] = webhook && { serviceUrl: webhook.serviceUrl, accountId: webhook.accountId };
    proof.providerUrl[name] = defaultProviderInputs(text, "integrations")?.baseUrl;
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

    Object.assign(env, { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: one.url });
    stack = await options.stack(env);
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
    if (options.refreshReadsEnvironment) await step("refreshTwo", (s) => s.refresh({ skipPreview: true }));
    await step("upTwo", (s) => s.up({ skipPreview: true }));
    Object.assign(env, { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: one.url });
    await step("destroy", (s) => s.destroy({ skipPreview: true }));
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    for (const client of Object.values(clients)) client.close();
    await Promise.all([one?.close(), two?.close()]);
  });

  test("1. a state without locations, refreshed with beta's key: the webhook is refused, beta untouched", () => {
    expect(proof.runs.create!.error).toBeUndefined();
    expect(proof.runs.refreshBeta!.error).toContain(
      "TriggerWebhook callback-url: its state was written by an older version, which did not record the account",
    );
    expect(proof.runs.refreshBeta!.error).toContain("pulumi config set integrations:accountId beta");
    expect(proof.runs.refreshBeta!.error).toContain("pulumi state delete");
    expect(proof.urls.refreshBeta).toEqual({ alpha: STACK_URL, ...UNTOUCHED });
    expect(proof.webhookState.refreshBeta).toEqual({ serviceUrl: undefined, accountId: undefined });
  });

  test("1. with the account pinned to alpha and alpha's key, an up records the pin, then a refresh records alpha", () => {
    expect(proof.runs.upPinned!.error).toBeUndefined();
    expect(proof.runs.refreshPinned!.error).toBeUndefined();
    expect(proof.webhookState.refreshPinned).toEqual({ serviceUrl: one.url, accountId: "alpha" });
    expect(proof.urls.refreshPinned).toEqual({ alpha: STACK_URL, ...UNTOUCHED });
  });

  test("3. a destroy with alpha's key puts alpha's URL back; beta and service two were never written", () => {
    expect(proof.runs.destroy!.error).toBeUndefined();
    expect(proof.urls.destroy).toEqual({ alpha: BEFORE_ALPHA, ...UNTOUCHED });
  });

  return proof;
}
