import { collect, type ActiveTrigger } from "../../src/client";
import { githubTokenAccount } from "../support/github-account";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { TRIGGER_INSTANCE_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { driftOf, opsOf, refreshResultsOf, requestsOf, succeeded, textOf, writesOf } from "./support/steps";
import type { CliRun } from "../../tools/pulumi/stack";
import type { PendingOperation } from "../../tools/pulumi/state";
import { interruptedMessage } from "../../tools/pulumi/types";

const SCHEMA_READ = "GET /api/v1/triggers";
/** The account the provider reaches (client.id), read once per deployment: where each object lives is compared with it. */
const ACCOUNT = "GET /api/v1/client/auth/client_info";
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
    await stack.setConfig("triggerConfig", config({ owner: "octocat", repo: "hello-world" }));
    runs.create = succeeded(await stack.up());
    firstId = String(runs.create.outputs.instanceId?.value);
    remote.created = await api.client.getTriggerInstance(firstId);
    runs.noop = succeeded(await stack.up());

    await stack.setConfig("enabled", "false");
    runs.disable = succeeded(await stack.up());
    remote.disabled = await api.client.getTriggerInstance(firstId);

    // Someone enables it by hand: a refresh shows it, the next up puts the program's value back.
    await api.client.setTriggerInstanceEnabled(firstId, true);
    runs.refresh = succeeded(await stack.refresh());
    runs.repair = succeeded(await stack.up());
    remote.repaired = await api.client.getTriggerInstance(firstId);

    await stack.setConfig("triggerConfig", config({ owner: "octocat", repo: "spoon-knife" }));
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
    expect(requestsOf(runs.create).sort()).toEqual([ACCOUNT, LOOK_UP, ENABLE, SCHEMA_READ].sort());
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

  it("shows a change made by hand on refresh (one read, after the account it lives in), and the next up reverts it", () => {
    expect(driftOf(runs.refresh, "stars")).toEqual(["enabled"]);
    expect(refreshResultsOf(runs.refresh, "stars")).toEqual(["update"]);
    expect(requestsOf(runs.refresh)).toEqual([ACCOUNT, LOOK_UP]);
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

  it("deletes the instance on destroy with one write", () => {
    expect(opsOf(runs.destroy, "stars")).toEqual(["delete"]);
    expect(requestsOf(runs.destroy)).toEqual([ACCOUNT, DELETE]);
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
    await stack.setConfig("adoptId", existingId);
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
 * The CLI killed after the enable landed and before its answer left the emulator: the kill (SIGKILL to the
 * CLI's process group, providers included) is sent from inside the emulator's response hook, after the
 * handler made the instance and before the answer is written, so the provider never reads it and the engine
 * never records it. (A latency fault would hold the request before the handler, and the instance would then
 * be made at some point after the kill.) The engine wrote a pending CREATE before calling the provider. What
 * the user meets next, on the real CLI: the stack is locked by the killed run (its lock in the file backend)
 * until `pulumi cancel`; the next `up` warns about the pending create and tries the create again, which stops
 * on the instance it cannot prove its own, naming it; clearing the pending create and adopting it converges
 * with one instance.
 */
describe("e2e: TriggerInstance after the CLI is killed mid-create", () => {
  let stack: E2eStack;
  let interrupted: RecordedRun;
  let pendingAfterKill: PendingOperation[];
  let instancesAfterKill: string[];
  let lockedUp: RecordedRun;
  let cancel: CliRun;
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
    pendingAfterKill = await stack.stack.pendingOperations();
    instancesAfterKill = (await instancesOf(api, accountId)).map((instance) => instance.id);

    lockedUp = await stack.up();
    cancel = await stack.stack.cli(["cancel", "--yes", "--stack", stack.stack.stackName]);
    blindUp = await stack.up();
    succeeded(await stack.refresh({ clearPendingCreates: true }));
    await stack.setConfig("adoptId", instancesAfterKill[0] ?? "");
    recovered = succeeded(await stack.up());
    instanceIds = (await instancesOf(api, accountId)).map((instance) => instance.id);
  }, 180_000);

  afterAll(() => stack?.dispose());

  it("leaves the instance made and a pending CREATE of it in the checkpoint", () => {
    expect(interrupted.error).toBe(interruptedMessage);
    expect(instancesAfterKill).toHaveLength(1);
    expect(pendingAfterKill.map((pending) => pending.type)).toEqual(["creating"]);
    expect(pendingAfterKill[0]?.resource.urn).toBe(stack.urn(TRIGGER_INSTANCE_TYPE, "stars"));
  });

  it("finds the stack locked by the killed run until `pulumi cancel`, which removes the lock", () => {
    // Refused before any deployment starts (so no event log: the CLI's own text says it).
    expect(lockedUp.error).toBeDefined();
    expect(lockedUp.output).toContain("error: the stack is currently locked by 1 lock(s)");
    expect(lockedUp.output).toContain("delete the lock file with `pulumi cancel`");
    expect(lockedUp.requests).toEqual([]);
    expect(cancel.exitCode).toBe(0);
  });

  it("warns about the pending create, then stops on that instance, naming it, without a second one", () => {
    const warnings = blindUp.log
      .filter((entry) => entry.severity === "warning")
      .map((entry) => entry.message);
    expect(warnings).toContainEqual(
      expect.stringContaining("Attempting to deploy or update resources with 1 pending operations"),
    );
    expect(warnings.join("\n")).toContain(
      `${stack.urn(TRIGGER_INSTANCE_TYPE, "stars")}, interrupted while creating`,
    );
    expect(blindUp.error).toBeDefined();
    expect(textOf(blindUp)).toContain(`already exists: ${instancesAfterKill[0]}`);
    expect(writesOf(blindUp)).toEqual([]);
  });

  it("converges after clearing the pending create and adopting it: one instance, held by the stack", () => {
    expect(opsOf(recovered, "stars")).toEqual(["create"]);
    expect(writesOf(recovered)).toEqual([]);
    expect(instanceIds).toEqual(instancesAfterKill);
    expect(instanceIds).toEqual([recovered.outputs.instanceId?.value]);
  });
});

function instancesOf(api: E2eApi, accountId: string): Promise<ActiveTrigger[]> {
  return collect(api.client.activeTriggers({ connectedAccountIds: [accountId], showDisabled: true }));
}
