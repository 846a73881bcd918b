import { startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { TRIGGER_WEBHOOK_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import {
  driftOf,
  opsOf,
  refreshResultsOf,
  requestsOf,
  stepOf,
  succeeded,
  textOf,
  writesOf,
} from "./support/steps";

const CLIENT_INFO = "GET /api/v1/client/auth/client_info";
const CALLBACK_URL = "GET /api/v1/triggers/callback_url";
const SET = "POST /api/v1/triggers/set_callback_url";

const PRIOR_URL = "https://hooks.example.com/before-the-stack";
const FIRST_URL = "https://hooks.example.com/events";
const SECOND_URL = "https://hooks.example.com/events-v2";
const BY_HAND_URL = "https://hooks.example.com/set-by-hand";

/** The account's callback URL as a resource: set, updated, refreshed, and given back on destroy. */
describe("e2e: TriggerWebhook", () => {
  let api: E2eApi;
  let stack: E2eStack;
  let webhookSecret: string | undefined;
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, string | undefined> = {};

  beforeAll(async () => {
    api = await startE2eApi();
    await api.client.setCallbackUrl(PRIOR_URL);
    webhookSecret = (await api.client.getWebhookSettings()).webhookSecret;
    stack = await E2eStack.create("trigger-webhook", api, { config: { url: "ftp://hooks.example.com" } });

    runs.badInput = await stack.up();
    await stack.setConfig("url", FIRST_URL);
    await stack.setConfig("secondUrl", SECOND_URL);
    runs.twoWebhooks = await stack.preview();
    await stack.removeConfig("secondUrl");

    runs.create = succeeded(await stack.up());
    remote.created = await api.client.getCallbackUrl();
    runs.noop = succeeded(await stack.up());

    await stack.setConfig("url", SECOND_URL);
    runs.update = succeeded(await stack.up());
    remote.updated = await api.client.getCallbackUrl();

    await api.client.setCallbackUrl(BY_HAND_URL);
    runs.refresh = succeeded(await stack.refresh());
    runs.repair = succeeded(await stack.up());
    remote.repaired = await api.client.getCallbackUrl();

    runs.replace = succeeded(await stack.up({ replace: [stepOf(runs.create, "events", "create").urn] }));
    remote.replaced = await api.client.getCallbackUrl();

    runs.destroy = succeeded(await stack.destroy());
    remote.destroyed = await api.client.getCallbackUrl();
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  it("rejects a URL that is not http(s) at check, naming the property and the rule", () => {
    expect(runs.badInput.error).toBeDefined();
    expect(textOf(runs.badInput)).toContain("url");
    expect(textOf(runs.badInput)).toContain("must be an http(s) URL");
    expect(requestsOf(runs.badInput)).toEqual([]);
  });

  it("fails a second TriggerWebhook of the same account at preview, writing nothing", () => {
    expect(runs.twoWebhooks.error).toBeDefined();
    // The engine checks the two concurrently: whichever comes second fails, naming the one that holds the URL.
    const refusal = /TriggerWebhook resource '([\w-]+)': .*already managed by TriggerWebhook "([\w-]+)"/.exec(
      textOf(runs.twoWebhooks),
    );
    expect(refusal).not.toBeNull();
    expect([refusal![1], refusal![2]].sort()).toEqual(["events", "events-again"]);
    expect(writesOf(runs.twoWebhooks)).toEqual([]);
  });

  it("sets the URL with one read and one write, reads it back, and outputs the signing secret as a secret", () => {
    expect(opsOf(runs.create, "events")).toEqual(["create"]);
    // The check's reads (the account, once per process, and the URL it claims), then the create's: the read
    // back sees a TriggerWebhook of another provider process that set the URL just after this one.
    expect(requestsOf(runs.create)).toEqual([CLIENT_INFO, CALLBACK_URL, CLIENT_INFO, SET, CALLBACK_URL]);
    expect(remote.created).toEqual(FIRST_URL);
    expect(webhookSecret).toEqual(expect.any(String));
    expect(runs.create.outputs.webhookSecret).toEqual({ value: webhookSecret, secret: true });
    expect(runs.create.outputs.priorUrl).toEqual({ value: PRIOR_URL, secret: false });
  });

  it("changes nothing when nothing changed: the account and the URL its check claims are read, nothing written", () => {
    expect(opsOf(runs.noop, "events")).toEqual(["same"]);
    expect(requestsOf(runs.noop)).toEqual([CLIENT_INFO, CALLBACK_URL]);
  });

  it("updates the URL in place with one write", () => {
    expect(opsOf(runs.update, "events")).toEqual(["update"]);
    expect(requestsOf(runs.update)).toEqual([CLIENT_INFO, CALLBACK_URL, SET]);
    expect(remote.updated).toEqual(SECOND_URL);
  });

  it("shows a URL changed by hand on refresh (one read), and the next up sets it back", () => {
    expect(driftOf(runs.refresh, "events")).toEqual(["url"]);
    expect(refreshResultsOf(runs.refresh, "events")).toEqual(["update"]);
    // The account where the provider reaches now (compared with the one recorded), then the URL.
    expect(requestsOf(runs.refresh)).toEqual([CLIENT_INFO, CLIENT_INFO]);
    expect(writesOf(runs.repair)).toEqual([SET]);
    expect(remote.repaired).toEqual(SECOND_URL);
  });

  it("on --replace lets go first and keeps the URL found before the stack", () => {
    expect(opsOf(runs.replace, "events")).toEqual(["delete-replaced", "replace", "create-replacement"]);
    expect(remote.replaced).toEqual(SECOND_URL);
    expect(runs.replace.outputs.priorUrl).toEqual({ value: PRIOR_URL, secret: false });
  });

  it("puts back the URL found before the stack on destroy", () => {
    expect(opsOf(runs.destroy, "events")).toEqual(["delete"]);
    expect(requestsOf(runs.destroy)).toEqual([CLIENT_INFO, CALLBACK_URL, SET]);
    expect(remote.destroyed).toEqual(PRIOR_URL);
  });

  it("keeps the signing secret and the API key out of state text, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "webhook secret": webhookSecret ?? "(none)" }, other: { "API key": api.apiKey } },
      [TRIGGER_WEBHOOK_TYPE],
    );
  });
});
