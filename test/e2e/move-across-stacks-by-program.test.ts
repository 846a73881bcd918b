import { startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { driftOf, succeeded } from "./support/steps";

const BEFORE_URL = "https://hooks.example.com/before-the-stack";
const URL = "https://hooks.example.com/events";

/**
 * A limit the README states ("Renaming and moving resources"): a TriggerWebhook moved to another stack by
 * editing programs rather than with `pulumi state move`. Added to the second stack's program and applied first,
 * it finds the first stack's URL and records it as the one before; then the first stack's `up` without it
 * deletes its own, which puts back the URL found before the stack over the second's. No claim crosses stacks:
 * each deployment sees only its own.
 */
describe("e2e: a TriggerWebhook moved between stacks by their programs", () => {
  let api: E2eApi;
  let first: E2eStack;
  let second: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  let afterMove: string | undefined;

  beforeAll(async () => {
    api = await startE2eApi();
    await api.client.setCallbackUrl(BEFORE_URL);
    first = await E2eStack.create("trigger-webhook", api, { config: { url: URL } });
    runs.first = succeeded(await first.up());
    second = await E2eStack.create("trigger-webhook", api, { config: { url: URL } });
    runs.second = succeeded(await second.up());
    // The first stack's program without the webhook: its `up` deletes it, as `destroy` does.
    runs.removed = succeeded(await first.destroy());
    afterMove = await api.client.getCallbackUrl();
    runs.secondRefresh = succeeded(await second.refresh());
  }, 180_000);

  afterAll(async () => {
    await first?.dispose();
    await second?.dispose();
    await api?.close();
  });

  it("the second stack records the first stack's URL as the one found before it", () => {
    expect(runs.second.outputs.priorUrl).toEqual({ value: URL, secret: false });
  });

  it("the first stack's delete puts back the URL before the stacks, over the second stack's", () => {
    expect(afterMove).toBe(BEFORE_URL);
  });

  it("so the second stack's refresh finds its URL changed", () => {
    expect(driftOf(runs.secondRefresh, "events")).toContain("url");
  });
});
