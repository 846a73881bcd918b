/**
 * A base URL's credentials stay out of state, outputs and messages (real CLI, both front ends). The key and a
 * base URL carrying a user and password (`http://ci-user:<password>@127.0.0.1:<port>`, as a proxy wants it)
 * come from the environment: every resource records the URL's public form as `serviceUrl`, the plugin's
 * default provider records that form too, a refresh and a destroy still reach the service (the environment's
 * URL adds its credentials back), and a refused run's message names the public form. A URL with credentials
 * given as stack config instead is kept in the provider's state as a secret. Nowhere in `pulumi stack export`
 * or the CLI's output does the password show. (Before, `serviceUrl` held the whole URL in plain text, and the
 * plugin recorded it in its provider's state.)
 */
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { stageYamlProgram, yamlPluginStack } from "../plugin/support/quickstart-stack";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { defaultProviderInputs, exportedResources } from "./support/account-views";
import { distinctiveSecret } from "./support/e2e-api";

const a1 = distinctiveSecret("a1");
const b1 = distinctiveSecret("b1");
const password = distinctiveSecret("url-password");
let emulator: RunningEmulator;
let withCredentials: string;
const stacks: PulumiStack[] = [];
const runs: Record<string, OperationResult> = {};
const states: Record<string, string> = {};

async function step(name: string, stack: PulumiStack, command: (s: PulumiStack) => Promise<OperationResult>) {
  runs[name] = await command(stack);
  states[name] = await stack.stateText();
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apiKeys: [`${a1}=alpha`, `${b1}=beta`] });
  withCredentials = emulator.url.replace("http://", `http://ci-user:${password}@`);

  const dynamicEnv = { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: withCredentials };
  const program = await stageProgram(join(__dirname, "programs", "account-guard"), "account-guard", {
    compile: true,
  });
  const dynamic = await PulumiStack.create({
    cli: pinnedCli(),
    programDir: program,
    config: { webhookUrl: "https://stack.example/dynamic" },
    env: dynamicEnv,
  });
  stacks.push(dynamic);
  await step("dynamicUp", dynamic, (s) => s.up({ skipPreview: true }));
  await step("dynamicRefresh", dynamic, (s) => s.refresh({ skipPreview: true }));
  dynamicEnv.INTEGRATIONS_API_KEY = b1;
  await step("dynamicRefused", dynamic, (s) => s.preview());
  dynamicEnv.INTEGRATIONS_API_KEY = a1;
  await step("dynamicDestroy", dynamic, (s) => s.destroy({ skipPreview: true }));

  const yaml = join(__dirname, "..", "plugin", "yaml-programs", "connector-and-webhook");
  const pluginEnv = { INTEGRATIONS_API_KEY: a1, INTEGRATIONS_BASE_URL: withCredentials };
  const plugin = await yamlPluginStack(stageYamlProgram(yaml, "credentials-env"), {
    config: { webhookUrl: "https://stack.example/plugin" },
    env: pluginEnv,
  });
  stacks.push(plugin);
  await step("pluginUp", plugin, (s) => s.up({ skipPreview: true }));
  await step("pluginRefresh", plugin, (s) => s.refresh({ skipPreview: true }));
  pluginEnv.INTEGRATIONS_API_KEY = b1;
  await step("pluginRefused", plugin, (s) => s.up({ skipPreview: true }));
  pluginEnv.INTEGRATIONS_API_KEY = a1;
  await step("pluginDestroy", plugin, (s) => s.destroy({ skipPreview: true }));

  const configured = await yamlPluginStack(stageYamlProgram(yaml, "credentials-config"), {
    config: { webhookUrl: "https://stack.example/config", "integrations:baseUrl": withCredentials },
    secrets: { "integrations:apiKey": a1 },
  });
  stacks.push(configured);
  await step("configUp", configured, (s) => s.up({ skipPreview: true }));
  await step("configDestroy", configured, (s) => s.destroy({ skipPreview: true }));
}, 600_000);

afterAll(async () => {
  for (const stack of stacks) await stack.dispose();
  await emulator?.close();
});

test.each([
  ["dynamicUp", "dynamicRefresh", "dynamicDestroy"],
  ["pluginUp", "pluginRefresh", "pluginDestroy"],
  ["configUp", "configUp", "configDestroy"],
])("%s: the stack is made, refreshed and destroyed through the URL with credentials", (...names) => {
  for (const name of names) expect(runs[name]!.error).toBeUndefined();
});

test.each(["dynamicUp", "pluginUp", "configUp"])(
  "%s: every resource records the URL's public form",
  (name) => {
    const located = exportedResources(states[name]!).map((resource) => resource.serviceUrl);
    expect(located).toEqual([emulator.url, emulator.url]);
  },
);

test("the plugin's provider records the environment's URL in its public form", () => {
  expect(defaultProviderInputs(states.pluginUp!, "integrations")).toMatchObject({ baseUrl: emulator.url });
});

test("a URL with credentials given as stack config is kept in the provider's state as a secret", () => {
  const baseUrl = defaultProviderInputs(states.configUp!, "integrations")?.baseUrl;
  expect(baseUrl).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" });
});

test.each(["dynamicRefused", "pluginRefused"])("%s: the refusal names the public form of the URL", (name) => {
  expect(runs[name]!.error).toContain(`"alpha" (${emulator.url})`);
});

test("the password shows nowhere: not in any state, nor in the CLI's output", () => {
  const seen = [
    ...Object.values(states),
    ...Object.values(runs).map((run) => `${run.output}\n${run.error ?? ""}`),
  ];
  for (const text of seen) expect(text).not.toContain(password);
});
