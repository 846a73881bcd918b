/**
 * The triggers-as-code providers under what the engine cannot show: lost responses, races with another
 * owner, a failed second step. Handlers are called as the dynamic-provider host calls them, over real
 * HTTP against the emulator.
 */
import { ApiClient, collect } from "../../src/client";
import { createConnectedAccountHandlers } from "../../src/resources/connected-account/handlers";
import { withConnection } from "../../src/resources/shared/connection";
import { PartialCreateError } from "../../src/resources/shared/errors";
import { createTriggerInstanceHandlers } from "../../src/resources/trigger-instance/handlers";
import { createTriggerWebhookHandlers } from "../../src/resources/trigger-webhook/handlers";
import { UNKNOWN } from "../../src/resources/shared/unknowns";
import { setWarningSink } from "../../src/resources/shared/warnings";
import { sendJson, startLocalServer } from "../client/local-server";
import { waitFor } from "../emulator/receiver";
import { githubTokenAccount } from "../support/github-account";
import { stackConfig, startTestBed, type ProviderTestBed } from "./support";

const ENABLE_ROUTE = "POST /api/v1/triggers/enable/:connectedAccountId/:triggerName";
const STAR_CONFIG = { owner: "octocat", repo: "hello-world" };

let bed: ProviderTestBed;
let accountId: string;
let integrationId: string;

beforeAll(async () => {
  bed = await startTestBed();
  ({ integrationId, accountId } = await githubTokenAccount(bed.inspect, {
    name: "trigger-resources-github",
    token: "a-token",
  }));
});

afterAll(() => bed.close());
afterEach(() => bed.emulator.clearFaults());

async function instancesOf(triggerConfig: object) {
  const all = await collect(
    bed.inspect.activeTriggers({ connectedAccountIds: [accountId], showDisabled: true }),
  );
  return all
    .filter((instance) => JSON.stringify(instance.triggerConfig) === JSON.stringify(triggerConfig))
    .map((instance) => instance.id);
}

describe("TriggerInstance provider", () => {
  const handlers = createTriggerInstanceHandlers();
  beforeAll(() => handlers.configure({ config: bed.settings }));
  const inputs = (triggerConfig: Record<string, unknown>, enabled = true) => ({
    connectedAccountId: accountId,
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig,
    enabled,
  });

  it("checks triggerConfig against the trigger's schema: every failing key, by name", async () => {
    const checked = await handlers.check({}, { ...inputs({ owner: 42 }), enabled: undefined });
    expect([...checked.failures].sort((a, b) => a.property.localeCompare(b.property))).toEqual([
      {
        property: "triggerConfig.owner",
        reason: "must be string (the config schema of GITHUB_STAR_ADDED_EVENT)",
      },
      {
        property: "triggerConfig.repo",
        reason: "is required (the config schema of GITHUB_STAR_ADDED_EVENT)",
      },
    ]);
  });

  it("lets values not known yet pass, and names a trigger the service does not know", async () => {
    expect((await handlers.check({}, inputs({ owner: UNKNOWN, repo: "r" }))).failures).toEqual([]);
    const unknownTrigger = await handlers.check(
      {},
      { ...inputs(STAR_CONFIG), triggerName: "NO_SUCH_TRIGGER" },
    );
    expect(unknownTrigger.failures).toEqual([
      {
        property: "triggerName",
        reason: 'is not a trigger of the service (GET /api/v1/triggers knows no "NO_SUCH_TRIGGER")',
      },
    ]);
  });

  it("takes the instance a lost enable response made, and makes no second one", async () => {
    const config = { owner: "octocat", repo: "lost-response" };
    bed.loseNextResponse(ENABLE_ROUTE);
    const created = await handlers.create(inputs(config));
    expect(await instancesOf(config)).toEqual([created.id]);
  });

  it("refuses an instance another owner made after its look-up (isNew: false), naming it", async () => {
    const config = { owner: "octocat", repo: "race" };
    let theirs = "";
    // The other owner's enable lands between this create's look-up and its own enable.
    const realEnable = ApiClient.prototype.enableTrigger;
    const spy = jest.spyOn(ApiClient.prototype, "enableTrigger").mockImplementationOnce(async function (
      this: ApiClient,
      ...args
    ) {
      theirs = (await bed.inspect.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", config)).triggerId;
      return realEnable.apply(this, args);
    });
    const error = await handlers
      .create(inputs(config))
      .catch((caught: unknown) => caught)
      .finally(() => spy.mockRestore());
    expect(theirs).not.toEqual("");
    expect(String(error)).toContain(`already exists: ${theirs}`);
    expect(await instancesOf(config)).toEqual([theirs]);
  });

  it("after a lost enable response, takes its own instance whatever the server's clock says (an hour behind)", async () => {
    const config = { owner: "octocat", repo: "clock-behind" };
    // The evidence is the look-up before the enable (no such instance then), never createdAt against our clock.
    bed.emulator.setFaults({ clockOffsetMs: -3_600_000 });
    bed.loseNextResponse(ENABLE_ROUTE);
    const created = await handlers.create(inputs(config)).finally(() => bed.emulator.clearFaults());
    expect(await instancesOf(config)).toEqual([created.id]);
  });

  it("never takes an instance that was there before the enable, whatever the server's clock says (an hour ahead)", async () => {
    const config = { owner: "octocat", repo: "clock-ahead" };
    bed.emulator.setFaults({ clockOffsetMs: 3_600_000 });
    const theirs = (await bed.inspect.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", config)).triggerId;
    const error = await handlers
      .create(inputs(config))
      .catch((caught: unknown) => caught)
      .finally(() => bed.emulator.clearFaults());
    expect(String(error)).toContain(`already exists: ${theirs}`);
    expect(await instancesOf(config)).toEqual([theirs]);
  });

  it("keeps a created instance in state (enabled) when disabling it fails", async () => {
    const config = { owner: "octocat", repo: "partial" };
    bed.emulator.setFaults({ errorRate: 1, match: ["PATCH /api/v1/triggers/instance/:triggerId/status"] });
    const error = await handlers.create(inputs(config, false)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartialCreateError);
    const partial = error as PartialCreateError;
    expect(await instancesOf(config)).toEqual([partial.id]);
    expect(partial.properties).toMatchObject({ enabled: true, triggerConfig: config });
  });
});

describe("ConnectedAccount provider", () => {
  const handlers = createConnectedAccountHandlers();
  beforeAll(() => handlers.configure({ config: bed.settings }));

  it("never takes an account after a lost create response: it names the one made, which adoptId then takes", async () => {
    const before = await accountIds();
    bed.loseNextResponse("POST /api/v1/connectedAccounts");
    bed.emulator.requestLog.clear();
    const error = await handlers
      .create({ integrationId, data: { token: "t" }, entityId: "lost-response" })
      .catch((caught: unknown) => caught);
    // Nothing listed before the POST: the connector's accounts only after its response was lost.
    const sent = bed.emulator.requestLog.entries().map((entry) => `${entry.method} ${entry.route}`);
    expect(sent.filter((request) => !request.endsWith("client_info"))).toEqual([
      "POST /api/v1/connectedAccounts",
      "GET /api/v1/connectedAccounts",
    ]);
    const made = (await accountIds()).filter((id) => !before.includes(id));
    expect(made).toHaveLength(1);
    expect(String(error)).toContain(`the create's response was lost`);
    expect(String(error)).toContain(`adoptId: "${made[0]}"`);
    const adopted = await handlers.create({
      integrationId,
      data: { token: "t" },
      entityId: "lost-response",
      adoptId: made[0],
    });
    expect(adopted.id).toBe(made[0]);
    expect((await accountIds()).filter((id) => !before.includes(id))).toEqual(made);
  });

  it("after a lost response, never takes the account another create of the same update made", async () => {
    const before = await accountIds();
    // The lost POST never reaches the handler (reset before it, after a delay), while another resource of
    // the same `pulumi up` (same connector and entity: the engine runs their creates in parallel) makes an
    // account in that window: the only account "created since", and not this request's.
    bed.emulator.setFaults({
      resetRate: 1,
      resetAfterHandler: false,
      // Room for the other create to land before the reset is answered, even on a loaded machine.
      latencyMs: 2_000,
      remaining: 1,
      match: ["POST /api/v1/connectedAccounts"],
    });
    const lost = handlers
      .create({ integrationId, data: { token: "t" }, entityId: "twins" })
      .catch((caught: unknown) => caught);
    await waitFor("the lost POST to reach the emulator", () => bed.emulator.faults().remaining === 0);
    const other = await bed.inspect.createConnectedAccount({
      integrationId,
      data: { token: "t" },
      entityId: "twins",
    });
    const error = await lost;
    expect(String(error)).toContain(`adoptId: "${other.connectedAccountId}"`);
    expect((await accountIds()).filter((id) => !before.includes(id))).toEqual([other.connectedAccountId]);
  });

  // The real service wants each account's own credentials (the connector's expectedInputFields) and
  // answers their absence with a 400 at create: check says so first.
  describe("check", () => {
    // As `pulumi-integrations/dynamic` exports it: a failure about `data` is worded without a value.
    const wrapped = withConnection(createConnectedAccountHandlers());
    beforeAll(() => wrapped.configure({ config: bed.settings }));

    it("names the per-account fields data lacks when the connector exists, before anything is created", async () => {
      const before = await accountIds();
      const result = await wrapped.check({}, { integrationId, data: { other: "secret-value-1" } });
      expect(result.failures).toEqual([
        {
          property: "",
          reason: expect.stringContaining(`data.token is required: connector ${integrationId}`),
        },
      ]);
      expect(JSON.stringify(result.failures)).not.toContain("secret-value-1");
      expect(await accountIds()).toEqual(before);
    });

    it("passes given the fields, and reads each connector once per process", async () => {
      const fresh = withConnection(createConnectedAccountHandlers());
      await fresh.configure({ config: bed.settings });
      const requests = await bed.requestsOf(async () => {
        for (const token of ["t-1", "t-2"]) {
          expect((await fresh.check({}, { integrationId, data: { token } })).failures).toEqual([]);
        }
      });
      expect(requests).toBe(1);
    });

    it("stays offline and passes when the connector's id, or a value, is not known yet (a preview)", async () => {
      const requests = await bed.requestsOf(async () => {
        expect((await wrapped.check({}, { integrationId: UNKNOWN, data: {} })).failures).toEqual([]);
        expect((await wrapped.check({}, { integrationId, data: UNKNOWN })).failures).toEqual([]);
        const unknownAccount = { integrationId, data: {}, connection: { baseUrl: UNKNOWN, apiKey: UNKNOWN } };
        expect((await wrapped.check({}, unknownAccount)).failures).toEqual([]);
      });
      expect(requests).toBe(0);
      expect((await wrapped.check({}, { integrationId, data: { token: UNKNOWN } })).failures).toEqual([]);
    });

    it("reads nothing while connector and data are those the account in state was made with", async () => {
      const fresh = withConnection(createConnectedAccountHandlers());
      await fresh.configure({ config: bed.settings });
      const olds = { integrationId, data: { token: "t-1" }, labels: ["a"] };
      const requests = await bed.requestsOf(async () => {
        expect((await fresh.check(olds, { ...olds, labels: ["b"] })).failures).toEqual([]);
      });
      expect(requests).toBe(0);
      const changed = await fresh.check(olds, { integrationId, data: { other: "x" } });
      expect(changed.failures).toEqual([
        { property: "", reason: expect.stringContaining("data.token is required") },
      ]);
    });

    it("leaves a connector that is gone to create, which reports it", async () => {
      const result = await wrapped.check({}, { integrationId: "no-such-connector", data: {} });
      expect(result.failures).toEqual([]);
    });
  });

  async function accountIds() {
    const accounts = await collect(bed.inspect.listConnectedAccounts({ integrationId }));
    return accounts.map((account) => account.id);
  }
});

describe("TriggerWebhook provider", () => {
  const handlers = createTriggerWebhookHandlers();
  beforeAll(() => handlers.configure({ config: bed.settings }));
  const inputs = (url: string) => ({ url, onDelete: "restore" as const, resourceName: "events" });

  it("keeps the resource with the URL it found when setting the URL fails, so nothing is lost", async () => {
    await bed.inspect.setCallbackUrl("https://before.example.com/hook");
    bed.emulator.setFaults({ errorRate: 1, match: ["POST /api/v1/triggers/set_callback_url"] });
    const error = await handlers
      .create(inputs("https://ours.example.com/hook"))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartialCreateError);
    expect((error as PartialCreateError).properties).toMatchObject({
      url: "https://before.example.com/hook",
      priorUrl: "https://before.example.com/hook",
    });
  });

  it("does not put the prior URL back over one someone else set since", async () => {
    await bed.inspect.setCallbackUrl("https://before.example.com/hook");
    const created = await handlers.create(inputs("https://ours.example.com/hook"));
    await bed.inspect.setCallbackUrl("https://someone-else.example.com/hook");
    await handlers.delete(created.id, created.outs);
    expect(await bed.inspect.getCallbackUrl()).toEqual("https://someone-else.example.com/hook");
  });

  it("puts the prior URL back on delete when the URL is still its own", async () => {
    await bed.inspect.setCallbackUrl("https://before.example.com/hook");
    const created = await handlers.create(inputs("https://ours.example.com/hook"));
    await handlers.delete(created.id, created.outs);
    expect(await bed.inspect.getCallbackUrl()).toEqual("https://before.example.com/hook");
  });

  /** A provider process of its own: handlers that have seen none of this file's checks. */
  async function anotherProcess() {
    const fresh = withConnection(createTriggerWebhookHandlers());
    await fresh.configure({ config: bed.settings });
    return fresh;
  }

  it("refuses a second webhook of the account in one process, whatever spelling of the URL reaches it", async () => {
    const provider = await anotherProcess();
    const here = { baseUrl: bed.emulator.url, apiKey: bed.emulator.apiKey };
    const spelt = { ...here, baseUrl: bed.emulator.url.replace("127.0.0.1", "localhost") };
    expect(
      (await provider.check({}, { ...inputs("https://a.example.com/hook"), connection: here })).failures,
    ).toEqual([]);
    const second = await provider.check(
      {},
      { ...inputs("https://b.example.com/hook"), resourceName: "events-again", connection: spelt },
    );
    expect(second.failures).toEqual([
      { property: "url", reason: expect.stringContaining('already managed by TriggerWebhook "events"') },
    ]);
  });

  it("fails the second create of two providers on one account, which no one check sees both of", async () => {
    await bed.inspect.setCallbackUrl("https://before.example.com/hook");
    const [first, second] = [await anotherProcess(), await anotherProcess()];
    const one = await first.check({}, inputs("https://one.example.com/hook"));
    const two = await second.check({}, { ...inputs("https://two.example.com/hook"), resourceName: "other" });
    expect([one.failures, two.failures]).toEqual([[], []]);
    await first.create(one.inputs);
    const error = await second.create(two.inputs).catch((caught: unknown) => caught);
    expect(String(error)).toContain("the account's callback URL changed after this resource's check read it");
    expect(await bed.inspect.getCallbackUrl()).toEqual("https://one.example.com/hook");
  });

  it("a rename (create first) never reverts its successor, and warns of the value no resource puts back", async () => {
    await bed.inspect.setCallbackUrl("https://before.example.com/hook");
    const old = await (await anotherProcess()).create(inputs("https://ours.example.com/hook"));
    // The next deployment: the renamed resource is checked and created, then the old one deleted.
    const next = await anotherProcess();
    const renamed = { ...inputs("https://ours.example.com/hook"), resourceName: "deliveries" };
    const checked = await next.check({}, renamed);
    const successor = await next.create(checked.inputs);
    const warnings: string[] = [];
    setWarningSink(async (message) => void warnings.push(message));
    await next.delete(old.id, old.outs).finally(() => setWarningSink(undefined));
    expect(await bed.inspect.getCallbackUrl()).toEqual("https://ours.example.com/hook");
    expect(successor.outs.url).toEqual("https://ours.example.com/hook");
    expect(warnings).toEqual([
      expect.stringMatching(
        /^TriggerWebhook "events" was deleted without putting back the callback URL it found \(https:\/\/before\.example\.com\/hook\): TriggerWebhook "deliveries" manages/,
      ),
    ]);
  });

  it("hands the URL found first from a released webhook to its replacement (retain, delete first)", async () => {
    await bed.inspect.setCallbackUrl("https://before.example.com/hook");
    const retained = { ...inputs("https://ours.example.com/hook"), onDelete: "retain" as const };
    const old = await handlers.create(retained);
    // A replacement that deletes first, in the engine's order: the replacement is checked (its claim on the
    // account's URL), the old one deleted, the replacement created.
    const next = createTriggerWebhookHandlers();
    await next.configure({ config: bed.settings });
    const checked = await next.check({}, retained);
    expect(checked.failures).toEqual([]);
    await next.delete(old.id, old.outs);
    const replacement = await next.create(checked.inputs);
    expect(replacement.outs.priorUrl).toEqual("https://before.example.com/hook");
    expect(await bed.inspect.getCallbackUrl()).toEqual("https://ours.example.com/hook");
  });
});

/** A service that, as real ones do, stores a trigger config with a key of its own and trimmed values. */
describe("TriggerInstance refresh against a normalising service", () => {
  const applied = {
    connectedAccountId: "account-1",
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig: { owner: "octocat", repo: "hello-world " },
    enabled: true,
  };

  async function refreshAgainst(shownConfig: Record<string, unknown>) {
    const local = await startLocalServer((_request, response) =>
      sendJson(response, 200, {
        triggers: [
          {
            id: "instance-1",
            connectionId: "account-1",
            triggerName: "GITHUB_STAR_ADDED_EVENT",
            triggerConfig: shownConfig,
            disabledAt: null,
          },
        ],
        pageInfo: { currentPage: 1, perPage: 100, totalPages: 1 },
      }),
    );
    try {
      const handlers = createTriggerInstanceHandlers();
      await handlers.configure({
        config: stackConfig({ "integrations:apiKey": "k-1", "integrations:baseUrl": local.url }),
      });
      return await handlers.read("instance-1", applied);
    } finally {
      await local.close();
    }
  }

  it("reports no drift for a key the service added or a value it only trimmed", async () => {
    const read = await refreshAgainst({ owner: "octocat", repo: "hello-world", events: ["star"] });
    expect(read.props).toEqual(applied);
    expect(read.inputs).toEqual(applied);
  });

  it("takes a value changed on the service, so the next up replaces it back", async () => {
    const read = await refreshAgainst({ owner: "octocat", repo: "spoon-knife", events: ["star"] });
    expect(read.props?.triggerConfig).toEqual({ owner: "octocat", repo: "spoon-knife" });
  });
});
