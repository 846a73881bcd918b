/**
 * The README's way to move a TriggerWebhook or an IntegrationState to another stack ("Renaming and moving
 * resources"), as a fixed sequence of the fuzzer's steps on the plugin: `pulumi state move` to a second stack
 * of the same backend and back, each stack's `up` then leaving what moved untouched (the step fails on any
 * create, update, replace or delete of it), and the invariants holding across both stacks after every step.
 */
import { stepFrom } from "./support/catalogue";
import { runSequence } from "./support/sequence";

const STEPS = ["state-move(webhook)", "state-move(state)"];

test("plugin: pulumi state move of a TriggerWebhook and an IntegrationState runs no delete, and no up touches them", async () => {
  const run = await runSequence("plugin", STEPS.map(stepFrom));
  expect(run.ran).toEqual(STEPS);
  // Both moves went there and back, each followed by both stacks' up.
  expect(run.model.counts["state-move-there"]).toBe(2);
  expect(run.model.counts["state-move-back-up-destination"]).toBe(2);
}, 300_000);
