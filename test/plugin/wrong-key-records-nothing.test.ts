/**
 * A run with another account's key records nothing (plugin, real CLI): a CI job's `pulumi up --refresh
 * --skip-preview` (the Automation API's `up` skips the preview too) with a key of account beta, on a stack made
 * in account alpha, fails at the default provider's CheckConfig, naming both accounts, before any state is
 * written. With alpha's key again, a plain `refresh` and `destroy` work: the failed run left the provider's
 * state as it was. (Before, the failed run had stored the provider's new inputs, account beta, and every later
 * refresh, destroy and `up --refresh` failed naming beta until a plain `pulumi up` ran.)
 */
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import {
  accountView,
  defaultProviderInputs,
  exportedResources,
  refusedObjects,
} from "../e2e/support/account-views";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const BEFORE_URL = "https://before.example/alpha";
const STACK_URL = "https://stack.example/events";

const a1 = distinctiveSecret("a1");
const b1 = distinctiveSecret("b1");
let emulator: RunningEmulator;
let alpha: ApiClient;
let stack: PulumiStack;
const env: Record<string, string> = {};
const runs: Record<string, OperationResult> = {};
const providerAccount: Record<string, unknown> = {};
let connectorId: string;
const inAlpha = () => ({ accountId: "alpha", serviceUrl: emulator.url });

async function run(name: string, command: (stack: PulumiStack) => Promise<OperationResult>): Promise<void> {
  runs[name] = await command(stack);
  providerAccount[name] = defaultProviderInputs(await stack.stateText(), "integrations")?.accountId;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apiKeys: [`${a1}=alpha`, `${b1}=beta`] });
  alpha = new ApiClient({ baseUrl: emulator.url, apiKey: a1, maxRetries: 0 });
  await alpha.setCallbackUrl(BEFORE_URL);
  const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "connector-and-webhook"), "wrong-key");
  Object.assign(env, { INTEGRATIONS_BASE_URL: emulator.url, INTEGRATIONS_API_KEY: a1 });
  stack = await yamlPluginStack(programDir, { config: { webhookUrl: STACK_URL }, env });

  await run("create", (s) => s.up({ skipPreview: true }));
  connectorId = exportedResources(await stack.stateText()).find((resource) => resource.name === "github")!.id;
  env.INTEGRATIONS_API_KEY = b1;
  await run("upRefreshB1", (s) => s.up({ refresh: true, skipPreview: true }));
  await run("upB1", (s) => s.up({ skipPreview: true }));
  env.INTEGRATIONS_API_KEY = a1;
  await run("refreshA1", (s) => s.refresh({ skipPreview: true }));
  await run("destroyA1", (s) => s.destroy({ skipPreview: true }));
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  alpha?.close();
  await emulator?.close();
});

test("the stack is made in alpha, and its default provider records alpha", () => {
  expect(runs.create!.error).toBeUndefined();
  expect(providerAccount.create).toBe("alpha");
});

test("up --refresh: the refresh, on the provider's state, refuses every object, naming both accounts", () => {
  expect(
    refusedObjects(runs.upRefreshB1!.error, inAlpha(), { accountId: "beta", serviceUrl: emulator.url }),
  ).toEqual(["Connector " + connectorId, "TriggerWebhook callback-url"]);
  expect(providerAccount.upRefreshB1).toBe("alpha");
});

test("up: the default provider's CheckConfig refuses, naming both accounts, and nothing is stored", () => {
  expect(runs.upB1!.error).toContain(
    `the API key reaches account "beta" (${emulator.url}), but this provider's state records account "alpha" ` +
      `(${emulator.url}), where every object it manages lives: nothing was recorded, read or changed.`,
  );
  expect(runs.upB1!.steps.filter((step) => step.op !== "same")).toEqual([]);
  expect(providerAccount.upB1).toBe("alpha");
});

test("with alpha's key again a plain refresh and a destroy work, and the URL is put back", async () => {
  expect(runs.refreshA1!.error).toBeUndefined();
  expect(runs.destroyA1!.error).toBeUndefined();
  expect(await accountView(alpha)).toEqual({ connectors: [], callbackUrl: BEFORE_URL });
});
