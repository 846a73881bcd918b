/**
 * A rename in the same `pulumi up` as a plugin upgrade never reverts its successor (plugin, real CLI): a
 * TriggerWebhook and an IntegrationState on the default provider of plugin 0.2.0, renamed (no aliases) onto
 * version 0.2.1 in one `up`. The engine runs each version's default provider in a process of its own: the
 * successors are checked and created by 0.2.1's, the old resources deleted by 0.2.0's, which sees the
 * successors' claims (shared by the provider processes of one deployment) and puts nothing back. Both versions
 * are this checkout's plugin, installed under two version numbers: what is tested is the sharing, which every
 * version from this one on has.
 */
import { renameSync } from "node:fs";
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./support/plugin-tarball";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const BEFORE_URL = "https://before.example/events";
const STACK_URL = "https://stack.example/events";

const key = distinctiveSecret("upgrade-key");
let emulator: RunningEmulator;
let alpha: ApiClient;
let integrationId: string;
let stack: PulumiStack;
const runs: Record<string, OperationResult> = {};
const account: Record<string, { url: string | undefined; enabled: boolean | undefined }> = {};
/** Each managed resource's provider reference as the engine stored it, after each step. */
const providersInState: Record<string, string[]> = {};

async function step(name: string, command: (s: PulumiStack) => Promise<OperationResult>): Promise<void> {
  runs[name] = await command(stack);
  account[name] = {
    url: await alpha.getCallbackUrl(),
    enabled: (await alpha.getIntegration(integrationId)).enabled,
  };
  providersInState[name] = (await stack.resources())
    .filter((resource) => resource.type.startsWith("integrations:index:"))
    // A provider reference is `<provider urn>::<provider id>`.
    .map((resource) => `${resource.urn.split("::").pop()} ${resource.provider?.split("::").at(-2)}`)
    .sort();
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apiKeys: [`${key}=alpha`] });
  alpha = new ApiClient({ baseUrl: emulator.url, apiKey: key, maxRetries: 0 });
  await alpha.setCallbackUrl(BEFORE_URL);
  integrationId = (
    await alpha.createIntegration({ name: "shared", appName: "github", authScheme: "BEARER_TOKEN" })
  ).id;
  const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "rename-with-upgrade"), "upgrade");
  const tarball = await pluginTarball();
  stack = await yamlPluginStack(programDir, {
    config: { integrationId },
    env: { INTEGRATIONS_API_KEY: key, INTEGRATIONS_BASE_URL: emulator.url },
    installInHome: async (home) =>
      installPlugin(pinnedCli().bin, home, "0.2.1", tarball, process.env.PATH ?? ""),
  });
  await step("create", (s) => s.up({ skipPreview: true }));
  renameSync(join(programDir, "upgraded.yaml"), join(programDir, "Pulumi.yaml"));
  await step("renameAndUpgrade", (s) => s.up());
  await step("noChanges", (s) => s.preview({ refresh: true, expectNoChanges: true }));
  await step("destroy", (s) => s.destroy({ skipPreview: true }));
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  alpha?.close();
  await emulator?.close();
});

test("on 0.2.0's default provider, the resources set the account's URL and disable the integration", () => {
  expect(runs.create!.error).toBeUndefined();
  expect(account.create).toEqual({ url: STACK_URL, enabled: false });
});

test("renamed onto 0.2.1: the successors are created, the old resources deleted, nothing is reverted", () => {
  expect(runs.renameAndUpgrade!.error).toBeUndefined();
  const steps = runs.renameAndUpgrade!.steps;
  const ops = steps
    .filter((change) => change.type.startsWith("integrations:index:"))
    .map((change) => [change.name, change.op])
    .sort();
  expect(ops).toEqual([
    ["deliveries", "create"],
    ["events", "delete"],
    ["shared", "delete"],
    ["shared-state", "create"],
  ]);
  // Two default providers, so two processes: the old version's ran the deletes, the new one's the creates.
  expect(providersInState.create).toEqual(["events default_0_2_0", "shared default_0_2_0"]);
  expect(providersInState.renameAndUpgrade).toEqual([
    "deliveries default_0_2_1",
    "shared-state default_0_2_1",
  ]);
  expect(account.renameAndUpgrade).toEqual({ url: STACK_URL, enabled: false });
});

test("a refreshing preview then finds no change: state and account agree", () => {
  expect(runs.noChanges!.error).toBeUndefined();
});

test("destroy: nothing puts back what was found before the stack any more", () => {
  expect(runs.destroy!.error).toBeUndefined();
  expect(account.destroy).toEqual({ url: STACK_URL, enabled: false });
});
