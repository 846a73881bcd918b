import { collect, type ActiveTrigger } from "../../src/client";
import { githubTokenAccount } from "../support/github-account";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { TRIGGER_INSTANCE_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { driftOf, opsOf, requestsOf, succeeded, textOf, writesOf } from "./support/steps";

const SCHEMA_READ = "GET /api/v1/triggers";
const LOOK_UP = "GET /api/v1/triggers/active_triggers";
const ENABLE = "POST /api/v1/triggers/enable/:connectedAccountId/:triggerName";
const STATUS = "PATCH /api/v1/triggers/instance/:triggerId/status";
const DELETE = "DELETE /api/v1/triggers/instance/:triggerInstanceId";

const config = (triggerConfig: object) => JSON.stringify(triggerConfig);

/** One emulator for the file; each scenario has its own connector and account on it. */
let api: E2eApi;
/** Called when the emulator has answered an enable: where the kill scenario kills the CLI. */
let onEnableAnswered: (() => void) | undefined;
beforeAll(async () => {
  api = await startE2eApi({
    observeResponse: (response) => {
      if (response.route === "/api/v1/triggers/enable/:connectedAccountId/:triggerName") onEnableAnswered?.();
    },
  });
});
afterAll(() => api?.close());

/** A TriggerInstance through its whole life, one input change at a time, against the emulator. */
describe("e2e: TriggerInstance", () => {
  const githubToken = distinctiveSecret("github-token");
  let stack: E2eStack;
  let accountId: string;
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, ActiveTrigger | undefined> = {};
  let firstId: string;
  let secondId: string;

  beforeAll(async () => {
    ({ accountId } = await githubTokenAccount(api.client, {
      name: "e2e-trigger-instance-github",
      token: githubToken,
    }));
    stack = await E2eStack.create("trigger-instance", api, {
      config: { accountId, triggerConfig: config({ owner: "octocat" }) },
    });

    runs.badInput = await stack.up();
    stack.setConfig("triggerConfig", config({ owner: "octocat", repo: "hello-world" }));
    runs.create = succeeded(await stack.up());
    firstId = String(runs.create.outputs.instanceId?.value);
    remote.created = await api.client.getTriggerInstance(firstId);
    runs.noop = succeeded(await stack.up());

    stack.setConfig("enabled", "false");
    runs.disable = succeeded(await stack.up());
    remote.disabled = await api.client.getTriggerInstance(firstId);

    // Someone enables it by hand: a refresh shows it, the next up puts the program's value back.
    await api.client.setTriggerInstanceEnabled(firstId, true);
    runs.refresh = succeeded(await stack.refresh());
    runs.repair = succeeded(await stack.up());
    remote.repaired = await api.client.getTriggerInstance(firstId);

    stack.setConfig("triggerConfig", config({ owner: "octocat", repo: "spoon-knife" }));
    runs.replace = succeeded(await stack.up());
    secondId = String(runs.replace.outputs.instanceId?.value);
    remote.replacedOld = await api.client.getTriggerInstance(firstId);
    remote.replacedNew = await api.client.getTriggerInstance(secondId);

    runs.destroy = succeeded(await stack.destroy());
    remote.destroyed = await api.client.getTriggerInstance(secondId);
  }, 300_000);

  afterAll(() => stack?.dispose());

  it("rejects a config the trigger's schema refuses at check, naming the key, before any write", () => {
    expect(runs.badInput.error).toBeDefined();
    expect(textOf(runs.badInput)).toContain("triggerConfig.repo");
    expect(textOf(runs.badInput)).toContain("is required (the config schema of GITHUB_STAR_ADDED_EVENT)");
    expect(requestsOf(runs.badInput)).toEqual([SCHEMA_READ]);
  });

  it("creates the instance with one look-up and one enable (plus the schema read of check)", () => {
    expect(opsOf(runs.create, "stars")).toEqual(["create"]);
    expect(requestsOf(runs.create).sort()).toEqual([LOOK_UP, ENABLE, SCHEMA_READ].sort());
    expect(remote.created).toMatchObject({
      id: firstId,
      connectionId: accountId,
      triggerName: "GITHUB_STAR_ADDED_EVENT",
      triggerConfig: { owner: "octocat", repo: "hello-world" },
      disabledAt: null,
    });
  });

  it("changes nothing when nothing changed", () => {
    expect(opsOf(runs.noop, "stars")).toEqual(["same"]);
    expect(writesOf(runs.noop)).toEqual([]);
  });

  it("disables in place with one status PATCH", () => {
    expect(opsOf(runs.disable, "stars")).toEqual(["update"]);
    expect(writesOf(runs.disable)).toEqual([STATUS]);
    expect(remote.disabled?.disabledAt).toEqual(expect.any(String));
  });

  it("shows a change made by hand on refresh (one read), and the next up reverts it", () => {
    expect(driftOf(runs.refresh, "stars")).toEqual(["enabled"]);
    expect(requestsOf(runs.refresh)).toEqual([LOOK_UP]);
    expect(opsOf(runs.repair, "stars")).toEqual(["update"]);
    expect(writesOf(runs.repair)).toEqual([STATUS]);
    expect(remote.repaired?.disabledAt).toEqual(expect.any(String));
  });

  it("replaces on a config change, making the new instance before deleting the old one", () => {
    expect(opsOf(runs.replace, "stars")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(writesOf(runs.replace)).toEqual([ENABLE, STATUS, DELETE]);
    expect(secondId).not.toEqual(firstId);
    expect(remote.replacedOld).toBeUndefined();
    expect(remote.replacedNew).toMatchObject({ triggerConfig: { repo: "spoon-knife" } });
  });

  it("deletes the instance on destroy with one request", () => {
    expect(opsOf(runs.destroy, "stars")).toEqual(["delete"]);
    expect(requestsOf(runs.destroy)).toEqual([DELETE]);
    expect(remote.destroyed).toBeUndefined();
  });

  it("keeps the API key out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: {}, other: { "API key": api.apiKey, "GitHub token": githubToken } },
      [TRIGGER_INSTANCE_TYPE],
    );
  });
});

/** The enable route is an upsert: a stack must never take over an instance that exists already. */
describe("e2e: TriggerInstance never takes over an existing instance silently", () => {
  let stack: E2eStack;
  let existingId: string;
  let refused: RecordedRun;
  let adopted: RecordedRun;
  let afterAdoption: ActiveTrigger | undefined;

  beforeAll(async () => {
    const { accountId } = await githubTokenAccount(api.client, {
      name: "e2e-trigger-instance-owned",
      token: distinctiveSecret("token"),
    });
    const triggerConfig = { owner: "octocat", repo: "hello-world" };
    // Made by another stack (or by hand), and disabled there.
    existingId = (await api.client.enableTrigger(accountId, "GITHUB_STAR_ADDED_EVENT", triggerConfig))
      .triggerId;
    await api.client.setTriggerInstanceEnabled(existingId, false);

    stack = await E2eStack.create("trigger-instance", api, {
      config: { accountId, triggerConfig: config(triggerConfig), enabled: "false" },
    });
    refused = await stack.up();
    stack.setConfig("adoptId", existingId);
    adopted = succeeded(await stack.up());
    afterAdoption = await api.client.getTriggerInstance(existingId);
  }, 180_000);

  afterAll(() => stack?.dispose());

  it("fails the create naming the existing instance and adoptId, writing nothing", () => {
    expect(refused.error).toBeDefined();
    expect(textOf(refused)).toContain(`already exists: ${existingId}`);
    expect(textOf(refused)).toContain(`adoptId: "${existingId}"`);
    expect(writesOf(refused)).toEqual([]);
  });

  it("takes it over only when told to, by id, without a write when it already matches", () => {
    expect(opsOf(adopted, "stars")).toEqual(["create"]);
    expect(adopted.outputs.instanceId?.value).toEqual(existingId);
    expect(writesOf(adopted)).toEqual([]);
    expect(afterAdoption?.disabledAt).toEqual(expect.any(String));
  });
});

/**
 * The CLI killed after the enable landed and before the state write (the engine's `signal`: no more
 * writes). The checkpoint keeps a pending CREATE; the next `up` stops on the instance it cannot prove
 * its own, naming it; clearing the pending create and adopting it converges with one instance.
 */
describe("e2e: TriggerInstance after the CLI is killed mid-create", () => {
  let stack: E2eStack;
  let interrupted: RecordedRun;
  let pendingAfterKill: string[];
  let blindUp: RecordedRun;
  let recovered: RecordedRun;
  let instanceIds: string[];
  const triggerConfig = { owner: "octocat", repo: "interrupted" };

  beforeAll(async () => {
    const { accountId } = await githubTokenAccount(api.client, {
      name: "e2e-trigger-instance-killed",
      token: distinctiveSecret("token"),
    });
    stack = await E2eStack.create("trigger-instance", api, {
      config: { accountId, triggerConfig: config(triggerConfig) },
    });

    const kill = new AbortController();
    onEnableAnswered = () => kill.abort();
    interrupted = await stack.up({ signal: kill.signal });
    onEnableAnswered = undefined;
    pendingAfterKill = (await stack.stack.pendingOperations()).map((pending) => pending.type);

    blindUp = await stack.up();
    succeeded(await stack.refresh({ clearPendingCreates: true }));
    const [orphan] = await instancesOf(api, accountId);
    stack.setConfig("adoptId", orphan?.id ?? "");
    recovered = succeeded(await stack.up());
    instanceIds = (await instancesOf(api, accountId)).map((instance) => instance.id);
  }, 180_000);

  afterAll(() => stack?.dispose());

  it("leaves the instance made and a pending CREATE in the checkpoint", () => {
    expect(interrupted.error).toBeDefined();
    expect(pendingAfterKill).toEqual(["creating"]);
  });

  it("stops the next up on that instance, naming it, without a second one", () => {
    expect(blindUp.error).toBeDefined();
    expect(textOf(blindUp)).toContain("already exists");
    expect(writesOf(blindUp)).toEqual([]);
  });

  it("converges after clearing the pending create and adopting it: one instance, held by the stack", () => {
    expect(opsOf(recovered, "stars")).toEqual(["create"]);
    expect(writesOf(recovered)).toEqual([]);
    expect(instanceIds).toEqual([recovered.outputs.instanceId?.value]);
  });
});

function instancesOf(api: E2eApi, accountId: string): Promise<ActiveTrigger[]> {
  return collect(api.client.activeTriggers({ connectedAccountIds: [accountId], showDisabled: true }));
}
