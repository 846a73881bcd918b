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
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { yamlPluginStack } from "./support/quickstart-stack";
import {
  BEFORE_URL,
  managedOps,
  RENAME_OPS,
  runRenameScenario,
  STACK_URL,
  type RenameScenario,
} from "./support/rename-scenario";

const a1 = distinctiveSecret("a1");
const a2 = distinctiveSecret("a2");
let scenario: RenameScenario;

beforeAll(async () => {
  scenario = await runRenameScenario({
    program: "rename-to-other-provider",
    renamed: "renamed.yaml",
    apiKeys: [`${a1}=alpha`, `${a2}=alpha`],
    stack: (programDir, { baseUrl, integrationId }) =>
      yamlPluginStack(programDir, { config: { baseUrl, integrationId }, secrets: { keyA: a1, keyB: a2 } }),
  });
}, 300_000);

test("the resources on provider A set the account's URL and disable the integration", () => {
  expect(scenario.runs.create.error).toBeUndefined();
  expect(scenario.account.create).toEqual({ url: STACK_URL, enabled: false });
  expect(scenario.providers.create).toEqual(["events provider-a", "shared provider-a"]);
});

test("renamed onto provider B: the successors are created, the old resources deleted, nothing is reverted", () => {
  expect(scenario.runs.rename.error).toBeUndefined();
  expect(managedOps(scenario.runs.rename)).toEqual(RENAME_OPS);
  expect(scenario.providers.rename).toEqual(["deliveries provider-b", "shared-state provider-b"]);
  expect(scenario.account.rename).toEqual({ url: STACK_URL, enabled: false });
  const warnings = scenario.runs.rename.log
    .filter((entry) => entry.severity === "warning")
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
  expect(scenario.runs.noChanges.error).toBeUndefined();
});

test("destroy: nothing puts back what was found before the stack any more, as the warning said", () => {
  expect(scenario.runs.destroy.error).toBeUndefined();
  expect(scenario.account.destroy).toEqual({ url: STACK_URL, enabled: false });
});
