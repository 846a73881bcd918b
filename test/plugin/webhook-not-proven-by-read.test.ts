/**
 * A TriggerWebhook's read proves no account (plugin, real CLI; the dynamic resources' counterpart is
 * test/e2e/webhook-not-proven-by-read.test.ts). Its id is always `callback-url`, and every account with a
 * callback URL answers it:
 * 1. a state written before 0.2.0 (no resource, nor the default provider, records a service or account),
 *    refreshed with a key of another account, beta: the webhook is refused, naming `integrations:accountId` and
 *    `pulumi state delete`; beta's URL untouched. With the pin set to alpha and alpha's key, an `up` records
 *    the pin and the next refresh records alpha.
 * 2. the key and base URL switched to another service where the key's account has the same id: the default
 *    provider's CheckConfig refuses (the recorded URL does not take the key), so its state keeps service one;
 *    nothing is written at service two.
 * 3. a destroy with alpha's key and URL puts back alpha's URL; beta and service two were never written.
 */
import { join } from "node:path";
import { STACK_URL, UNTOUCHED, webhookProofScenario } from "../e2e/support/webhook-proof";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const proof = webhookProofScenario({
  stack: (env) => {
    const programDir = stageYamlProgram(
      join(__dirname, "yaml-programs", "connector-and-webhook"),
      "webhook-proof",
    );
    return yamlPluginStack(programDir, { config: { webhookUrl: STACK_URL }, env });
  },
  // A plain refresh configures the default provider from its state: service one, whatever the environment says.
  refreshReadsEnvironment: false,
});

test("2. another service where the key's account has the same id: the provider refuses, nothing is recorded or written", () => {
  const { one, two } = proof.services();
  expect(proof.runs.upTwo!.error).toContain(
    `the base URL is now ${two.url}, where the key reaches account "alpha" as this provider's state records, ` +
      `but the recorded ${one.url} does not answer this key as that account`,
  );
  expect(proof.urls.upTwo).toEqual({ alpha: STACK_URL, ...UNTOUCHED });
  expect(proof.webhookState.upTwo).toEqual({ serviceUrl: one.url, accountId: "alpha" });
  expect(proof.providerUrl.upTwo).toBe(one.url);
});
