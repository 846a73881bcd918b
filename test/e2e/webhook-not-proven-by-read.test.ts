/**
 * A TriggerWebhook's read proves no account (dynamic resources, real CLI): its id is always `callback-url`,
 * and every account with a callback URL answers it. So where its state does not say where it lives, the
 * provider refuses instead of adopting whatever account the key reaches now:
 * 1. a state written before 0.2.0 (no serviceUrl or accountId recorded: the exported state with both removed,
 *    imported) refreshed with a key of another account, beta: refused, naming `integrations:accountId` and
 *    `pulumi state delete`; beta's URL untouched. With the pin set to alpha and alpha's key, an `up` records
 *    the pin in the provider's state and the next refresh records alpha.
 * 2. the key and base URL switched to another service where the key's account has the same id (`alpha` at
 *    service two): refused, since service one, where the state records it, does not take that key; the other
 *    service's URL untouched, the state still at service one.
 * 3. a destroy with alpha's key puts back alpha's URL; beta and service two were never written.
 * (Before, the refresh of 1 adopted beta's webhook, and the destroy then wrote alpha's earlier URL into beta,
 * never putting alpha's back.)
 */
import { join } from "node:path";
import { PulumiStack } from "../../tools/pulumi/stack";
import { stageProgram } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { STACK_URL, UNTOUCHED, webhookProofScenario } from "./support/webhook-proof";

const proof = webhookProofScenario({
  stack: async (env) => {
    const programDir = await stageProgram(join(__dirname, "programs", "account-guard"), "account-guard");
    return PulumiStack.create({ cli: pinnedCli(), programDir, config: { webhookUrl: STACK_URL }, env });
  },
  refreshReadsEnvironment: true,
});

test.each(["refreshTwo", "upTwo"])(
  "2. %s at another service where the key's account has the same id: refused, nothing written there",
  (name) => {
    const { one, two } = proof.services();
    // Each object is refused by its own call (the engine may stop before the others fail): the connector, not
    // found there, or the webhook, whose recorded URL does not take t1.
    const refused = [
      `TriggerWebhook callback-url lives at ${one.url} (account "alpha"), which does not answer the provider's key`,
      `lives at ${one.url} (account "alpha") and is not found at ${two.url}`,
    ];
    expect(refused.some((message) => proof.runs[name]!.error!.includes(message))).toBe(true);
    expect(proof.urls[name]).toEqual({ alpha: STACK_URL, ...UNTOUCHED });
    expect(proof.webhookState[name]).toEqual({ serviceUrl: one.url, accountId: "alpha" });
  },
);
