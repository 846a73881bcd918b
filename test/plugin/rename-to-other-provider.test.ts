/**
 * A rename that also moves to another explicit provider never reverts its successor (plugin, real CLI): a
 * TriggerWebhook and an IntegrationState on provider A (one account, key a1), renamed in one `pulumi up` (no
 * aliases) and moved to provider B (the same account, key a2), whose resources run in another provider
 * process. The successors are checked and created in B's process, the old resources deleted in A's: the
 * deletes see the successors' claims (shared by the provider processes of one deployment) and put nothing back,
 * so the account keeps the successors' values, a refreshing preview finds no change, and each delete warns
 * that the value found before the stack is no longer put back. (Before, the claims lived in one process's
 * memory: A's deletes put the old values back over B's successors, and state and account disagreed.)
 */
import { renameSync } from "node:fs";
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const BEFORE_URL = "https://before.example/events";
const STACK_URL = "https://stack.example/events";

const a1 = distinctiveSecret("a1");
const a2 = distinctiveSecret("a2");
let emulator: RunningEmulator;
let alpha: ApiClient;
let integrationId: string;
let stack: PulumiStack;
const runs: Record<string, OperationResult> = {};
const account: Record<string, { url: string | undefined; enabled: boolean | undefined }> = {};

async function step(name: string, command: (s: PulumiStack) => Promise<OperationResult>): Promise<void> {
  runs[name] = await command(stack);
  account[name] = {
    url: await alpha.getCallbackUrl(),
    enabled: (await alpha.getIntegration(integrationId)).enabled,
  };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apiKeys: [`${a1}=alpha`, `${a2}=alpha`] });
  alpha = new ApiClient({ baseUrl: emulator.url, apiKey: a1, maxRetries: 0 });
  await alpha.setCallbackUrl(BEFORE_URL);
  integrationId = (
    await alpha.createIntegration({ name: "shared", appName: "github", authScheme: "BEARER_TOKEN" })
  ).id;
  const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "rename-to-other-provider"), "rename");
  stack = await yamlPluginStack(programDir, {
    config: { baseUrl: emulator.url, integrationId },
    secrets: { keyA: a1, keyB: a2 },
  });
  await step("create", (s) => s.up({ skipPreview: true }));
  renameSync(join(programDir, "renamed.yaml"), join(programDir, "Pulumi.yaml"));
  await step("rename", (s) => s.up());
  await step("noChanges", (s) => s.preview({ refresh: true, expectNoChanges: true }));
  await step("destroy", (s) => s.destroy({ skipPreview: true }));
}, 300_000);

afterAll(async () => {
  await stack?.dispose();
  alpha?.close();
  await emulator?.close();
});

test("the resources on provider A set the account's URL and disable the integration", () => {
  expect(runs.create!.error).toBeUndefined();
  expect(account.create).toEqual({ url: STACK_URL, enabled: false });
});

test("renamed onto provider B: the successors are created, the old resources deleted, nothing is reverted", () => {
  expect(runs.rename!.error).toBeUndefined();
  const ops = runs
    .rename!.steps.filter((step) => step.type.startsWith("integrations:index:"))
    .map((step) => [step.name, step.op])
    .sort();
  expect(ops).toEqual([
    ["deliveries", "create"],
    ["events", "delete"],
    ["shared", "delete"],
    ["shared-state", "create"],
  ]);
  expect(account.rename).toEqual({ url: STACK_URL, enabled: false });
  const warnings = runs
    .rename!.log.filter((entry) => entry.severity === "warning")
    .map((entry) => entry.message);
  expect(warnings).toEqual(
    expect.arrayContaining([
      expect.stringContaining(
        `TriggerWebhook "events" was deleted without putting back the callback URL it found (${BEFORE_URL})`,
      ),
      expect.stringContaining(
        'TriggerWebhook "deliveries" manages the account\'s URL in this update and keeps it',
      ),
    ]),
  );
});

test("a refreshing preview then finds no change: state and account agree", () => {
  expect(runs.noChanges!.error).toBeUndefined();
});

test("destroy: nothing puts back what was found before the stack any more, as the warning said", () => {
  expect(runs.destroy!.error).toBeUndefined();
  expect(account.destroy).toEqual({ url: STACK_URL, enabled: false });
});
