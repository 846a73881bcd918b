/**
 * Two explicit providers of the plugin on one account (two keys of one emulator tenant), a TriggerWebhook each
 * (test/plugin/yaml-programs/one-callback-url, on the real `pulumi-language-yaml`), on the real CLI. Each
 * provider is a process of its own; the claims on the account's one callback URL are shared by the provider
 * processes of one deployment, so the second check to run usually refuses, naming the first. Where both checks
 * run at once, the engine creates both, and the creates' own guard refuses one. Either way the `up` must never
 * end with both created: afterwards exactly one TriggerWebhook is in state and the account's URL is the one it
 * holds. Once as it comes, once with the service slow to apply a URL (1.5 s before each set_callback_url is
 * applied), where both creates, if both get that far, read the URL before either set lands.
 */
import { join } from "node:path";
import { ApiClient } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import { unwrapSecrets, type ResourceState } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { distinctiveSecret } from "../e2e/support/e2e-api";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const WEBHOOK = "integrations:index:TriggerWebhook";
const SET_URL = "POST /api/v1/triggers/set_callback_url";
const MESSAGES = [
  // The other's claim, seen at check.
  "the account has one callback URL, already managed by TriggerWebhook",
  // The other's URL was set before this create read it.
  "the account's callback URL changed after this resource's check read it",
  // The other's URL was set right after this create set its own (both had read the URL first).
  "right after this resource set it to",
];

interface Outcome {
  run: OperationResult;
  hooks: ResourceState[];
  url: string | undefined;
  sets: number;
}

describe("two explicit providers of one account, a TriggerWebhook each", () => {
  /** Two keys of each tenant: one per provider. */
  const keys = {
    plain: [distinctiveSecret("plain-first"), distinctiveSecret("plain-second")],
    slow: [distinctiveSecret("slow-first"), distinctiveSecret("slow-second")],
  };
  let emulator: RunningEmulator;
  const stacks: PulumiStack[] = [];
  const outcomes: Record<string, Outcome> = {};

  /** A stack of its own on a tenant of the emulator whose URL was never set, then one `up`. */
  async function upOnNewAccount(programDir: string, tenant: keyof typeof keys, slowSetMs: number) {
    const [firstKey, secondKey] = keys[tenant] as [string, string];
    const stack = await yamlPluginStack(programDir, {
      config: { baseUrl: emulator.url },
      secrets: { firstKey, secondKey },
    });
    stacks.push(stack);
    emulator.requestLog.clear();
    emulator.setFaults(slowSetMs > 0 ? { latencyMs: slowSetMs, match: [SET_URL] } : {});
    const run = await stack.up({ skipPreview: true });
    emulator.clearFaults();
    const client = new ApiClient({ baseUrl: emulator.url, apiKey: firstKey, maxRetries: 0 });
    const url = await client.getCallbackUrl().finally(() => client.close());
    const hooks = (await stack.resources()).filter((resource) => resource.type === WEBHOOK);
    const sets = emulator.requestLog.count({ method: "POST", route: "/api/v1/triggers/set_callback_url" });
    return { run, hooks, url, sets } satisfies Outcome;
  }

  beforeAll(async () => {
    const started = performance.now();
    const apiKeys = Object.entries(keys).flatMap(([tenant, pair]) => pair.map((key) => `${key}=${tenant}`));
    emulator = await startEmulator({ port: 0, apiKeys });
    const programDir = stageYamlProgram(join(__dirname, "yaml-programs", "one-callback-url"), "two-webhooks");
    outcomes.plain = await upOnNewAccount(programDir, "plain", 0);
    outcomes.slowSet = await upOnNewAccount(programDir, "slow", 1_500);
    console.log(`plugin webhooks: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);

  afterAll(async () => {
    for (const stack of stacks) await stack.dispose();
    await emulator?.close();
  });

  it.each(["plain", "slowSet"])("%s: one of the two fails, the other holds the account's URL", (label) => {
    const { run, hooks, url, sets } = outcomes[label]!;
    const held = hooks.map((hook) => hook.urn.split("::").pop());
    const failed = ["first-hook", "second-hook"].filter((name) => !held.includes(name));
    console.log(
      `${label}: ${sets} set(s); failed ${failed.join(", ")}: ${run.error}\nstate holds ${held}; URL ${url}`,
    );
    expect(run.error).toBeDefined();
    expect(hooks).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect(MESSAGES.some((message) => run.error!.includes(message))).toBe(true);
    // The refused one is named: by the engine (a check failure) or by the message (a create).
    expect(run.error).toMatch(new RegExp(`TriggerWebhook (resource )?['"]${failed[0]}['"]`));
    expect(url).toBe(unwrapSecrets(hooks[0]!.outputs.url!));
  });
});
