/**
 * The plugin's renames whose old and new resources run in two provider processes (rename-to-other-provider,
 * rename-with-upgrade): a TriggerWebhook and an IntegrationState set over an account whose callback URL and an
 * integration were there before the stack; then the program's second file put in place and applied in one `up`
 * (its preview first), a refreshing preview, and a destroy. After each step: the run, the account's URL and the
 * integration's `enabled`, and which provider each managed resource of the state is on.
 */
import { renameSync } from "node:fs";
import { join } from "node:path";
import { ApiClient } from "../../../src/client";
import { startEmulator } from "../../../src/emulator";
import type { PulumiStack } from "../../../tools/pulumi/stack";
import type { OperationResult } from "../../../tools/pulumi/types";
import { stageYamlProgram } from "./quickstart-stack";

export const BEFORE_URL = "https://before.example/events";
export const STACK_URL = "https://stack.example/events";

export type RenameStep = "create" | "rename" | "noChanges" | "destroy";

export interface RenameScenario {
  runs: Record<RenameStep, OperationResult>;
  account: Record<RenameStep, { url: string | undefined; enabled: boolean | undefined }>;
  /** `<logical name> <provider's logical name>` of each managed resource, sorted. */
  providers: Record<RenameStep, string[]>;
}

export async function runRenameScenario(options: {
  /** The folder under yaml-programs/, and the file in it that replaces Pulumi.yaml for the rename. */
  program: string;
  renamed: string;
  /** The emulator's keys, each `<key>=alpha`; the first one reads the account. */
  apiKeys: string[];
  stack(programDir: string, context: { baseUrl: string; integrationId: string }): Promise<PulumiStack>;
}): Promise<RenameScenario> {
  const emulator = await startEmulator({ port: 0, apiKeys: options.apiKeys });
  const alpha = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKeys[0]!, maxRetries: 0 });
  let stack: PulumiStack | undefined;
  try {
    await alpha.setCallbackUrl(BEFORE_URL);
    const { id: integrationId } = await alpha.createIntegration({
      name: "shared",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    const programDir = stageYamlProgram(
      join(__dirname, "..", "yaml-programs", options.program),
      options.program,
    );
    stack = await options.stack(programDir, { baseUrl: emulator.url, integrationId });
    const scenario = { runs: {}, account: {}, providers: {} } as RenameScenario;
    const step = async (name: RenameStep, command: (s: PulumiStack) => Promise<OperationResult>) => {
      scenario.runs[name] = await command(stack!);
      scenario.account[name] = {
        url: await alpha.getCallbackUrl(),
        enabled: (await alpha.getIntegration(integrationId)).enabled,
      };
      scenario.providers[name] = (await stack!.resources())
        .filter((resource) => resource.type.startsWith("integrations:index:"))
        // A provider reference is `<provider urn>::<provider id>`.
        .map((resource) => `${resource.urn.split("::").pop()} ${resource.provider?.split("::").at(-2)}`)
        .sort();
    };
    await step("create", (s) => s.up({ skipPreview: true }));
    renameSync(join(programDir, options.renamed), join(programDir, "Pulumi.yaml"));
    await step("rename", (s) => s.up());
    await step("noChanges", (s) => s.preview({ refresh: true, expectNoChanges: true }));
    await step("destroy", (s) => s.destroy({ skipPreview: true }));
    return scenario;
  } finally {
    await stack?.dispose();
    alpha.close();
    await emulator.close();
  }
}

/** What the rename's `up` does to the managed resources in both programs: successors made, the old deleted. */
export const RENAME_OPS = [
  ["deliveries", "create"],
  ["events", "delete"],
  ["shared", "delete"],
  ["shared-state", "create"],
];

/** The managed resources' operations in the rename's `up`, as `[name, op]`, sorted. */
export function managedOps(run: OperationResult): string[][] {
  return run.steps
    .filter((change) => change.type.startsWith("integrations:index:"))
    .map((change) => [change.name, change.op])
    .sort();
}
