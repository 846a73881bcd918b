/**
 * A rename in the same `pulumi up` as a plugin upgrade never reverts its successor (plugin, real CLI): a
 * TriggerWebhook and an IntegrationState on the default provider of plugin 0.2.0, renamed (no aliases) onto
 * version 0.2.1 in one `up`. The engine runs each version's default provider in a process of its own: the
 * successors are checked and created by 0.2.1's, the old resources deleted by 0.2.0's, which sees the
 * successors' claims (shared by the provider processes of one deployment) and puts nothing back. Both versions
 * are this checkout's plugin, installed under two version numbers: what is tested is the sharing, which every
 * version from this one on has.
 */
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { pinnedCli } from "../support/pulumi-cli";
import { installPlugin, pluginTarball } from "./support/plugin-tarball";
import { yamlPluginStack } from "./support/quickstart-stack";
import {
  managedOps,
  RENAME_OPS,
  runRenameScenario,
  STACK_URL,
  type RenameScenario,
} from "./support/rename-scenario";

const key = distinctiveSecret("upgrade-key");
let scenario: RenameScenario;

beforeAll(async () => {
  const tarball = await pluginTarball();
  scenario = await runRenameScenario({
    program: "rename-with-upgrade",
    renamed: "upgraded.yaml",
    apiKeys: [`${key}=alpha`],
    stack: (programDir, { baseUrl, integrationId }) =>
      yamlPluginStack(programDir, {
        config: { integrationId },
        env: { INTEGRATIONS_API_KEY: key, INTEGRATIONS_BASE_URL: baseUrl },
        installInHome: async (home) =>
          installPlugin(pinnedCli().bin, home, "0.2.1", tarball, process.env.PATH ?? ""),
      }),
  });
}, 300_000);

test("on 0.2.0's default provider, the resources set the account's URL and disable the integration", () => {
  expect(scenario.runs.create.error).toBeUndefined();
  expect(scenario.account.create).toEqual({ url: STACK_URL, enabled: false });
  expect(scenario.providers.create).toEqual(["events default_0_2_0", "shared default_0_2_0"]);
});

test("renamed onto 0.2.1: the successors are created, the old resources deleted, nothing is reverted", () => {
  expect(scenario.runs.rename.error).toBeUndefined();
  expect(managedOps(scenario.runs.rename)).toEqual(RENAME_OPS);
  // Two default providers, so two processes: the old version's ran the deletes, the new one's the creates.
  expect(scenario.providers.rename).toEqual(["deliveries default_0_2_1", "shared-state default_0_2_1"]);
  expect(scenario.account.rename).toEqual({ url: STACK_URL, enabled: false });
});

test("a refreshing preview then finds no change: state and account agree", () => {
  expect(scenario.runs.noChanges.error).toBeUndefined();
});

test("destroy: nothing puts back what was found before the stack any more", () => {
  expect(scenario.runs.destroy.error).toBeUndefined();
  expect(scenario.account.destroy).toEqual({ url: STACK_URL, enabled: false });
});
