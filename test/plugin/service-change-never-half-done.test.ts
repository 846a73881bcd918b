/**
 * A change of service is never half done (plugin, real CLI). A stack made at service one (account alpha) with
 * its key and base URL from the environment; then both switched to service two (account gamma):
 * - without a pin, the default provider's CheckConfig refuses the other account, naming both, and nothing is
 *   created at service two;
 * - with the pin moved to gamma (a move asked for on purpose), it still refuses: the provider's state holds no
 *   key of alpha (it came from the environment), so the old objects could not be deleted; it names both
 *   services and the ways out;
 * - the first way out, `destroy` with the old settings and then `up` with the new ones, works.
 * A second stack gives its key as stack config (kept in the provider's state as a secret): moving the pin, key
 * and base URL together replaces its resources, made at service two and deleted at service one.
 * (Before, the first switch replaced everything: `up` made the new objects, and deleting the old ones failed
 * with a 401, since the old provider ran with the new key; they stayed in state, marked for deletion.)
 */
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { accountView, defaultProviderInputs, type AccountView } from "../e2e/support/account-views";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const BEFORE_ALPHA = "https://before.example/alpha";
const BEFORE_GAMMA = "https://before.example/gamma";
const STACK_URL = "https://stack.example/events";
const a1 = distinctiveSecret("a1");
const g1 = distinctiveSecret("g1");
/** Each account as it was before the stacks: no connector, its own callback URL. */
const ALPHA_BEFORE: AccountView = { connectors: [], callbackUrl: BEFORE_ALPHA };
const GAMMA_BEFORE: AccountView = { connectors: [], callbackUrl: BEFORE_GAMMA };

let one: RunningEmulator;
let two: RunningEmulator;
let alpha: ApiClient;
let gamma: ApiClient;
const stacks: PulumiStack[] = [];
const runs: Record<string, OperationResult> = {};
const views: Record<string, { alpha: AccountView; gamma: AccountView }> = {};

async function step(name: string, stack: PulumiStack, command: (s: PulumiStack) => Promise<OperationResult>) {
  runs[name] = await command(stack);
  views[name] = { alpha: await accountView(alpha), gamma: await accountView(gamma) };
}

beforeAll(async () => {
  [one, two] = await Promise.all([
    startEmulator({ port: 0, apiKeys: [`${a1}=alpha`] }),
    startEmulator({ port: 0, apiKeys: [`${g1}=gamma`] }),
  ]);
  alpha = new ApiClient({ baseUrl: one.url, apiKey: a1, maxRetries: 0 });
  gamma = new ApiClient({ baseUrl: two.url, apiKey: g1, maxRetries: 0 });
  await alpha.setCallbackUrl(BEFORE_ALPHA);
  await gamma.setCallbackUrl(BEFORE_GAMMA);
  const program = join(__dirname, "yaml-programs", "connector-and-webhook");

  // Settings from the environment.
  const env: Record<string, string> = { INTEGRATIONS_BASE_URL: one.url, INTEGRATIONS_API_KEY: a1 };
  const fromEnv = await yamlPluginStack(stageYamlProgram(program, "service-env"), {
    config: { webhookUrl: STACK_URL },
    env,
  });
  stacks.push(fromEnv);
  await step("create", fromEnv, (s) => s.up({ skipPreview: true }));
  Object.assign(env, { INTEGRATIONS_BASE_URL: two.url, INTEGRATIONS_API_KEY: g1 });
  await step("switchPreview", fromEnv, (s) => s.preview());
  await step("switchUp", fromEnv, (s) => s.up({ skipPreview: true }));
  await fromEnv.setConfig("integrations:accountId", "gamma");
  await step("pinnedUp", fromEnv, (s) => s.up({ skipPreview: true }));
  // The way out: destroy with the old settings, then up with the new ones.
  await fromEnv.removeConfig("integrations:accountId");
  Object.assign(env, { INTEGRATIONS_BASE_URL: one.url, INTEGRATIONS_API_KEY: a1 });
  await step("destroyOld", fromEnv, (s) => s.destroy({ skipPreview: true }));
  Object.assign(env, { INTEGRATIONS_BASE_URL: two.url, INTEGRATIONS_API_KEY: g1 });
  await step("upNew", fromEnv, (s) => s.up({ skipPreview: true }));
  await step("destroyNew", fromEnv, (s) => s.destroy({ skipPreview: true }));

  // Settings as stack config: the key is kept in the provider's state.
  const fromConfig = await yamlPluginStack(stageYamlProgram(program, "service-config"), {
    config: { webhookUrl: STACK_URL, "integrations:baseUrl": one.url },
    secrets: { "integrations:apiKey": a1 },
  });
  stacks.push(fromConfig);
  await step("configCreate", fromConfig, (s) => s.up({ skipPreview: true }));
  await fromConfig.setConfig("integrations:baseUrl", two.url);
  await fromConfig.setConfig("integrations:apiKey", g1, { secret: true });
  await step("configSwitchUp", fromConfig, (s) => s.up({ skipPreview: true }));
  await fromConfig.setConfig("integrations:accountId", "gamma");
  await step("configMovePreview", fromConfig, (s) => s.preview());
  await step("configMoveUp", fromConfig, (s) => s.up({ skipPreview: true }));
  runs.providerAfterMove = {
    ...runs.configMoveUp!,
    output: JSON.stringify(defaultProviderInputs(await fromConfig.stateText(), "integrations")),
  };
  await step("configDestroy", fromConfig, (s) => s.destroy({ skipPreview: true }));
}, 600_000);

afterAll(async () => {
  for (const stack of stacks) await stack.dispose();
  alpha?.close();
  gamma?.close();
  await Promise.all([one?.close(), two?.close()]);
});

const made = { connectors: ["seq-github"], callbackUrl: STACK_URL };

test("the stack is made at service one, in alpha", () => {
  expect(runs.create!.error).toBeUndefined();
  expect(views.create).toEqual({ alpha: made, gamma: GAMMA_BEFORE });
});

test.each(["switchPreview", "switchUp"])(
  "%s: another service's key and URL from the environment are refused, naming both accounts; nothing is made there",
  (name) => {
    expect(runs[name]!.error).toContain(
      `the API key reaches account "gamma" (${two.url}), but this provider's state records account "alpha" ` +
        `(${one.url})`,
    );
    expect(views[name]).toEqual({ alpha: made, gamma: GAMMA_BEFORE });
  },
);

test("with the pin moved to gamma, the move is refused: the state holds no key to delete the old objects", () => {
  expect(runs.pinnedUp!.error).toContain(
    `moving this provider from account "alpha" (${one.url}) to account "gamma" (${two.url}) would create its ` +
      "resources there and then fail to delete the old ones",
  );
  expect(runs.pinnedUp!.error).toContain("destroy the stack with the old settings");
  expect(runs.pinnedUp!.error).toContain("pulumi state delete");
  expect(views.pinnedUp).toEqual({ alpha: made, gamma: GAMMA_BEFORE });
});

test("the way out: destroy with the old settings (the URL put back), then up with the new ones", () => {
  expect(runs.destroyOld!.error).toBeUndefined();
  expect(views.destroyOld).toEqual({ alpha: ALPHA_BEFORE, gamma: GAMMA_BEFORE });
  expect(runs.upNew!.error).toBeUndefined();
  expect(views.upNew).toEqual({ alpha: ALPHA_BEFORE, gamma: made });
  expect(runs.destroyNew!.error).toBeUndefined();
});

test("with the key in config, a switch without the pin is refused too, and nothing is made", () => {
  expect(runs.configCreate!.error).toBeUndefined();
  expect(runs.configSwitchUp!.error).toContain(`but this provider's state records account "alpha"`);
  expect(views.configSwitchUp).toEqual({ alpha: made, gamma: GAMMA_BEFORE });
});

test("with the key in config and the pin moved, the preview shows the replacement and up moves everything", () => {
  expect(runs.configMovePreview!.error).toBeUndefined();
  const replaced = (run: OperationResult) =>
    run.steps
      .filter((step) => step.type.startsWith("integrations:index:") && step.op === "replace")
      .map((step) => [step.name, step.op])
      .sort();
  expect(replaced(runs.configMovePreview!)).toEqual([
    ["events", "replace"],
    ["github", "replace"],
  ]);
  expect(runs.configMoveUp!.error).toBeUndefined();
  expect(views.configMoveUp).toEqual({ alpha: ALPHA_BEFORE, gamma: made });
  expect(JSON.parse(runs.providerAfterMove!.output)).toMatchObject({ accountId: "gamma", baseUrl: two.url });
  expect(runs.configDestroy!.error).toBeUndefined();
  expect(views.configDestroy).toEqual({ alpha: ALPHA_BEFORE, gamma: GAMMA_BEFORE });
});
