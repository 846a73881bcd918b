import { distinctiveSecret, startE2eApi, theirDisabledIntegration } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { succeeded } from "./support/steps";

const BEFORE_URL = "https://hooks.example.com/before-the-stack";
const STACK_URL = "https://hooks.example.com/events";

/*
 * A limit docs/guides/recovery.md states: a resource that takes over a value the
 * account already has (a TriggerWebhook's URL, an IntegrationState's `enabled`), whose create was cut off after
 * its write and before the engine wrote its state (a killed CLI; `pulumi refresh --clear-pending-creates` then
 * drops the pending CREATE), leaves the account holding the stack's value and nothing in state. The next `up`
 * can only find the stack's own value: it records it as the value found before the stack, so the destroy
 * leaves it. Reproduced without the kill's timing: the account is given the value as the cut-off create left it.
 */
describe("e2e: a TriggerWebhook create cut off after its set", () => {
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  let afterDestroy: string | undefined;

  beforeAll(async () => {
    api = await startE2eApi();
    await api.client.setCallbackUrl(BEFORE_URL);
    stack = await E2eStack.create("trigger-webhook", api, { config: { url: STACK_URL } });
    // What the cut-off create did before the CLI died: the set landed, the state write never came.
    await api.client.setCallbackUrl(STACK_URL);
    runs.up = succeeded(await stack.up());
    runs.destroy = succeeded(await stack.destroy());
    afterDestroy = await api.client.getCallbackUrl();
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("records the stack's own URL as the one found before the stack: the earlier URL is not known", () => {
    expect(runs.up.outputs.priorUrl).toEqual({ value: STACK_URL, secret: false });
  });

  it("so the destroy leaves the stack's URL, not the one the account had before", () => {
    expect(afterDestroy).toBe(STACK_URL);
    expect(afterDestroy).not.toBe(BEFORE_URL);
  });
});

describe("e2e: an IntegrationState create cut off after its PATCH", () => {
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  let integrationId: string;
  let afterDestroy: boolean | undefined;

  beforeAll(async () => {
    api = await startE2eApi();
    // Another team's integration, disabled before the stack; the program enables it.
    integrationId = await theirDisabledIntegration(api.client, distinctiveSecret("their-client-secret"));
    stack = await E2eStack.create("integration-state-takeover", api, {
      config: { integrationId },
      secrets: { clientSecret: "our-secret" },
    });
    // What the cut-off create did before the CLI died: the PATCH landed, the state write never came.
    await api.client.updateIntegration(integrationId, { enabled: true });
    runs.up = succeeded(await stack.up());
    runs.destroy = succeeded(await stack.destroy());
    afterDestroy = (await api.client.getIntegration(integrationId)).enabled;
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("records the stack's own value as the one found before the stack: the earlier value is not known", () => {
    expect(runs.up.outputs.priorEnabled).toEqual({ value: true, secret: false });
  });

  it("so the destroy leaves the integration enabled, not disabled as it was before", () => {
    expect(afterDestroy).toBe(true);
  });
});
