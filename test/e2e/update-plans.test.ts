import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ActiveTrigger, ConnectorRecord } from "../../src/client";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import {
  CONNECTED_ACCOUNT_TYPE,
  CONNECTOR_TYPE,
  INTEGRATION_STATE_TYPE,
  TRIGGER_INSTANCE_TYPE,
  TRIGGER_WEBHOOK_TYPE,
  expectNoLeaksAndSmallProviders,
} from "./support/leak-checks";
import { opsOf, stepOf, succeeded, textOf } from "./support/steps";

/** The program's resources: name -> type. */
const RESOURCES = {
  autonamed: CONNECTOR_TYPE,
  named: CONNECTOR_TYPE,
  managed: INTEGRATION_STATE_TYPE,
  bot: CONNECTED_ACCOUNT_TYPE,
  stars: TRIGGER_INSTANCE_TYPE,
  events: TRIGGER_WEBHOOK_TYPE,
} as const;
type ResourceName = keyof typeof RESOURCES;
const NAMES = Object.keys(RESOURCES) as ResourceName[];

/** A `pulumi preview --save-plan` and the `pulumi up --plan` constrained to it. */
interface PlannedRun {
  preview: RecordedRun;
  up: RecordedRun;
  /** The plan file as the preview wrote it. */
  plan: { resourcePlans: Record<string, { goal?: { inputDiff?: { adds?: Record<string, unknown> } } }> };
}

/**
 * Update plans (`pulumi preview --save-plan plan.json`, then `pulumi up --plan plan.json`) for every
 * resource type: a create, in-place updates with a `--replace`, and replacements forced by input changes
 * (a dependent's inputs unknown in the preview). The engine refuses an update that leaves its plan ("violates
 * plan"), so any check or diff that answers differently in the preview's provider process and the update's
 * fails here. pulumi v3.276.0 accepts `--save-plan` and `--plan` without PULUMI_EXPERIMENTAL (`up` only
 * hides the flag), as users run them, so the stack sets nothing.
 */
describe("e2e: update plans for every resource", () => {
  const token = distinctiveSecret("github-token");
  let api: E2eApi;
  let stack: E2eStack;
  let outsideId: string;
  const planned: Record<string, PlannedRun> = {};
  const runs: Record<string, RecordedRun> = {};
  const remote: Record<string, Record<string, unknown>> = {};

  const urnOf = (name: ResourceName) => stack.urn(RESOURCES[name], name);
  const output = (run: RecordedRun, key: string) => String(run.outputs[key]?.value);

  async function planThenUp(label: string, options: { replace?: ResourceName[] } = {}): Promise<PlannedRun> {
    const plan = join(stack.stack.workDir, `plan-${label}.json`);
    const replace = options.replace?.map(urnOf);
    const preview = succeeded(await stack.preview({ plan, replace }));
    const saved = JSON.parse(readFileSync(plan, "utf8")) as PlannedRun["plan"];
    const up = succeeded(await stack.up({ plan, replace }));
    return { preview, up, plan: saved };
  }

  /** What the API holds for each resource after a run (undefined: gone). */
  async function remoteAfter(run: RecordedRun) {
    const id = (key: string) => output(run, key);
    return {
      autonamed: await api.client.getIntegration(id("autonamedId")),
      named: await api.client.getIntegration(id("namedId")),
      managed: await api.client.getIntegration(outsideId),
      bot: await api.client.getConnectedAccount(id("accountId")).catch(() => undefined),
      stars: await api.client.getTriggerInstance(id("instanceId")),
      events: await api.client.getCallbackUrl(),
    };
  }

  beforeAll(async () => {
    api = await startE2eApi();
    const outside = await api.client.createIntegration({
      name: "e2e-plans-outside",
      appName: "github",
      // A token scheme: the connector takes no authConfig (the token is each account's).
      authScheme: "BEARER_TOKEN",
      forceNewIntegration: true,
    });
    outsideId = outside.id;
    stack = await E2eStack.create("update-plans", api, {
      config: {
        enabled: "true",
        authScheme: "BEARER_TOKEN",
        connectorName: "e2e-plans-named",
        integrationId: outsideId,
        label: "first",
        repo: "hello-world",
        url: "https://hooks.example.com/first",
      },
      secrets: { githubToken: token },
    });

    planned.create = await planThenUp("create");
    remote.create = await remoteAfter(planned.create.up);

    // In-place updates of every resource that has an updatable input, and the autonamed connector
    // replaced by `--replace` (the engine checks it again without old inputs: a fresh name).
    await stack.setConfig("enabled", "false");
    await stack.setConfig("url", "https://hooks.example.com/second");
    planned.update = await planThenUp("update", { replace: ["autonamed"] });
    remote.update = await remoteAfter(planned.update.up);

    // Replacing input changes: the autonamed connector's scheme, the account's label, and through the
    // account's new id (unknown in the preview) the trigger instance too.
    await stack.setConfig("enabled", "true");
    await stack.setConfig("authScheme", "OAUTH2");
    await stack.setConfig("label", "second");
    planned.replace = await planThenUp("replace");
    remote.replace = await remoteAfter(planned.replace.up);

    // A plan is binding: a change made after the preview is refused (the negative control of the plans
    // above: were `--plan` not passed through, they would pass without proving anything).
    const stalePlan = join(stack.stack.workDir, "plan-stale.json");
    await stack.setConfig("url", "https://hooks.example.com/planned");
    succeeded(await stack.preview({ plan: stalePlan }));
    await stack.setConfig("url", "https://hooks.example.com/not-planned");
    runs.violating = await stack.up({ plan: stalePlan });
    remote.violating = { events: await api.client.getCallbackUrl() };

    runs.destroy = succeeded(await stack.destroy());
  }, 400_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  describe.each(["create", "update", "replace"])("the %s plan", (label) => {
    it("is followed by `pulumi up --plan`: every resource takes the steps its preview planned", () => {
      const { preview, up } = planned[label];
      for (const name of NAMES) {
        expect({ name, ops: [...opsOf(up, name)].sort() }).toEqual({
          name,
          ops: [...opsOf(preview, name)].sort(),
        });
      }
    });

    it("creates the autonamed connector under a name its create derived, which the plan left to it", () => {
      const { preview, up } = planned[label];
      const made = up.steps.find((step) => step.name === "autonamed" && step.op.startsWith("create"));
      const shown = preview.steps.find((step) => step.name === "autonamed" && step.op === made?.op);
      // Check sends nothing, so the name is the create's: neither the preview nor the plan holds one.
      expect(shown?.inputs).toMatchObject({ namePrefix: "autonamed-" });
      expect(shown?.inputs).not.toHaveProperty("name");
      expect(made?.inputs).not.toHaveProperty("name");
      expect(output(up, "autonamedName")).toMatch(/^autonamed-[0-9a-z]{7}$/);
      expect((remote[label].autonamed as ConnectorRecord).name).toBe(output(up, "autonamedName"));
    });
  });

  it("the create plan holds every resource, the autonamed connector with what its name is derived from", () => {
    const plans = planned.create.plan.resourcePlans;
    for (const name of NAMES) expect(plans).toHaveProperty([urnOf(name)]);
    const adds = plans[urnOf("autonamed")].goal?.inputDiff?.adds;
    expect(adds).toMatchObject({
      namePrefix: "autonamed-",
      autonameScope: expect.stringMatching(/\/autonamed$/),
    });
    expect(adds).not.toHaveProperty("name");
  });

  it("creates every resource as planned", () => {
    const created = remote.create;
    expect(created.autonamed).toMatchObject({ authScheme: "BEARER_TOKEN", enabled: true, deleted: false });
    expect(created.named).toMatchObject({ name: "e2e-plans-named", enabled: true, deleted: false });
    expect(created.managed).toMatchObject({ enabled: true });
    expect(created.bot).toMatchObject({ labels: ["first"] });
    expect((created.stars as ActiveTrigger).disabledAt ?? null).toBeNull();
    expect(created.events).toBe("https://hooks.example.com/first");
  });

  it("updates in place as planned, and replaces the `--replace`d connector under a new name", () => {
    const { up } = planned.update;
    for (const name of ["named", "managed", "stars", "events"] as const)
      expect(opsOf(up, name)).toEqual(["update"]);
    expect(opsOf(up, "bot")).toEqual(["same"]);
    expect(opsOf(up, "autonamed")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    // The replacement, created while the old connector held the first name, got the next one.
    expect(output(up, "autonamedName")).toMatch(/^autonamed-[0-9a-z]{7}$/);
    expect(output(up, "autonamedName")).not.toBe(output(planned.create.up, "autonamedName"));
    const updated = remote.update;
    expect(updated.named).toMatchObject({ enabled: false });
    expect(updated.managed).toMatchObject({ enabled: false });
    expect((updated.stars as ActiveTrigger).disabledAt).toEqual(expect.any(String));
    expect(updated.events).toBe("https://hooks.example.com/second");
    expect(updated.autonamed).toMatchObject({ enabled: false, deleted: false });
  });

  it("replaces as planned: the connector (new scheme), the account (new label) and its trigger instance", () => {
    const { preview, up } = planned.replace;
    for (const name of ["autonamed", "bot", "stars"] as const) {
      expect(opsOf(up, name)).toEqual(
        expect.arrayContaining(["create-replacement", "replace", "delete-replaced"]),
      );
    }
    // The instance's account id was unknown in the preview: a possible replacement, planned as such.
    expect(stepOf(preview, "stars", "replace").replaces).toContain("connectedAccountId");
    const replaced = remote.replace;
    expect(replaced.autonamed).toMatchObject({ authScheme: "OAUTH2", enabled: true, deleted: false });
    expect(replaced.bot).toMatchObject({ labels: ["second"], integrationId: output(up, "namedId") });
    expect(replaced.stars).toMatchObject({ connectionId: output(up, "accountId") });
    expect(output(up, "instanceId")).not.toBe(output(planned.update.up, "instanceId"));
  });

  it("stores what was planned: `pulumi stack export` holds the autonamed connector's name", () => {
    const resources = stack.snapshots[stack.runs.indexOf(planned.replace.up)];
    const autonamed = resources.find((resource) => resource.urn === urnOf("autonamed"));
    expect(autonamed?.outputs.name).toBe(output(planned.replace.up, "autonamedName"));
    // The name is an output; the inputs keep what it was derived from.
    expect(autonamed?.inputs).not.toHaveProperty("name");
    expect(autonamed?.inputs).toMatchObject({ namePrefix: "autonamed-" });
  });

  it("refuses an update that leaves its plan, and applies nothing of it", () => {
    expect(runs.violating.error).toBeDefined();
    // The real engine refuses it on the default provider already: its inputs are the stack config, so a
    // config value changed after the preview leaves the plan before any resource is looked at.
    expect(textOf(runs.violating)).toMatch(
      /pulumi-nodejs::default violates plan: properties changed: ~~e2e-update-plans:url\[\{https:\/\/hooks\.example\.com\/planned\}!=/,
    );
    expect(opsOf(runs.violating, "events")).toEqual([]);
    expect(remote.violating.events).toBe("https://hooks.example.com/second");
  });

  it("keeps the tokens and the API key out of state, plans, logs and provider output", () => {
    for (const plan of Object.values(planned)) expect(JSON.stringify(plan.plan)).not.toContain(token);
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "GitHub token": token }, other: { "API key": api.apiKey } },
      Object.values(RESOURCES).filter((type, index, all) => all.indexOf(type) === index),
    );
  });
});
