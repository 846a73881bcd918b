/**
 * Pulumi's resource options and target flags applied to connectors, on the real engine: `--target` and
 * `--target-dependents` (up and destroy), `protect`, `retainOnDelete`, `deleteBeforeReplace`,
 * `replaceOnChanges`, a nested `ignoreChanges` path changed by the program (an out-of-band change is
 * test/e2e/lifecycle-safety.test.ts's) and `aliases`. One stack goes through the phases of
 * programs/resource-options (each phase's changes are listed there); every test reads what one command did
 * to the emulator's connectors and to the state `pulumi stack export` shows.
 */
import type { ConnectorRecord } from "../../src/client";
import type { ResourceState } from "../../tools/pulumi/state";
import { isSecret, specialSigKey } from "../../tools/pulumi/state";
import { distinctiveSecret, startE2eApi } from "./support/e2e-api";
import type { E2eApi } from "./support/e2e-api";
import { E2eStack } from "./support/e2e-stack";
import type { RecordedRun } from "./support/e2e-stack";
import { CONNECTOR_TYPE, expectNoLeaksAndSmallProviders } from "./support/leak-checks";
import { opsOf, stepOf, succeeded, writesOf, writesTo } from "./support/steps";

type Name = "base" | "dependent" | "guarded" | "kept" | "retained" | "dbr" | "roc" | "watched" | "renamed";

const POST = "POST /api/v1/integrations";
const PATCH = "PATCH /api/v1/integrations/:integrationId";
const DELETE = "DELETE /api/v1/integrations/:integrationId";

describe("e2e: resource options and targets on connectors", () => {
  const clientSecret = distinctiveSecret("client-secret");
  let api: E2eApi;
  let stack: E2eStack;
  const runs: Record<string, RecordedRun> = {};
  /** The connectors' ids after the first up. */
  let ids: Record<Name, string>;
  /** Remote records, by label, taken right after the command the label names. */
  const remote: Record<string, ConnectorRecord> = {};

  /** The state `pulumi stack export` showed after a run (secrets opened but marked). */
  const stateAfter = (run: RecordedRun): ResourceState[] => stack.snapshots[stack.runs.indexOf(run)] ?? [];
  /** The state text `pulumi stack export` printed after a run (secrets encrypted). */
  const stateTextAfter = (run: RecordedRun): string => stack.stateTexts[stack.runs.indexOf(run)] ?? "";
  const inState = (run: RecordedRun, name: string): ResourceState | undefined =>
    stateAfter(run).find((resource) => resource.urn === stack.urn(CONNECTOR_TYPE, name));
  const namesInState = (run: RecordedRun): string[] =>
    stateAfter(run)
      .filter((resource) => resource.type === CONNECTOR_TYPE)
      .map((resource) => resource.urn.split("::").at(-1) ?? "")
      .sort();
  const urn = (name: string): string => stack.urn(CONNECTOR_TYPE, name);
  const get = (id: string): Promise<ConnectorRecord> => api.client.getIntegration(id);
  const phase = (value: number): Promise<void> => stack.setConfig("phase", String(value));

  beforeAll(async () => {
    api = await startE2eApi();
    stack = await E2eStack.create("resource-options", api, {
      config: { phase: "1" },
      secrets: { clientSecret },
    });

    runs.create = succeeded(await stack.up());
    ids = runs.create.outputs.ids?.value as Record<Name, string>;
    remote.keptBefore = await get(ids.kept);
    remote.retainedBefore = await get(ids.retained);

    // `watched` is targeted too: a targeted resource is diffed as usual, so its ignored change shows here.
    await phase(2);
    runs.targeted = succeeded(await stack.up({ targets: [urn("base"), urn("watched")] }));
    remote.baseTargeted = await get(ids.base);
    remote.dependentTargeted = await get(ids.dependent);
    runs.targetedDependents = succeeded(await stack.up({ targets: [urn("base")], targetDependents: true }));
    remote.dependentTargetedDependents = await get(ids.dependent);

    await phase(3);
    runs.replaceProtected = await stack.up();
    await phase(4);
    runs.deleteProtected = await stack.up();
    remote.guardedRefused = await get(ids.guarded);

    await phase(5);
    runs.options = succeeded(await stack.up());
    for (const name of ["kept", "dbr", "roc", "watched", "renamed"] as const)
      remote[`${name}Options`] = await get(ids[name]);
    remote.dbrReplacement = await get(String(inState(runs.options, "dbr")?.id));

    // Destroys skip their preview, as the Automation API runs them: these tests are about what they do.
    runs.destroyTarget = await stack.destroy({ skipPreview: true, targets: [urn("base")] });
    runs.destroyTargetDependents = succeeded(
      await stack.destroy({ skipPreview: true, targets: [urn("base")], targetDependents: true }),
    );
    runs.destroy = succeeded(await stack.destroy({ skipPreview: true }));
    remote.retainedDestroyed = await get(ids.retained);
    remote.guardedDestroyed = await get(ids.guarded);
  }, 300_000);

  afterAll(async () => {
    await stack?.dispose();
    await api?.close();
  });

  describe("--target and --target-dependents", () => {
    it("up --target applies the target's change only: the dependent's waits, nothing else is touched", () => {
      expect(opsOf(runs.targeted, "base")).toEqual(["update"]);
      expect(stepOf(runs.targeted, "base", "update").diffs).toEqual(["enabled"]);
      expect(opsOf(runs.targeted, "dependent")).toEqual(["same"]);
      expect(writesOf(runs.targeted)).toEqual([PATCH]);
      expect(writesTo(runs.targeted, ids.base)).toEqual(["PATCH"]);
      expect(remote.baseTargeted?.enabled).toBe(false);
      expect(remote.dependentTargeted?.enabled).toBe(true);
      // State keeps the dependent's old inputs: the change is still to be made.
      expect(inState(runs.targeted, "base")?.inputs.enabled).toBe(false);
      expect(inState(runs.targeted, "dependent")?.inputs.enabled).toBe(true);
    });

    it("up --target --target-dependents also updates what depends on the target", () => {
      expect(opsOf(runs.targetedDependents, "base")).toEqual(["same"]);
      expect(opsOf(runs.targetedDependents, "dependent")).toEqual(["update"]);
      expect(writesOf(runs.targetedDependents)).toEqual([PATCH]);
      expect(writesTo(runs.targetedDependents, ids.dependent)).toEqual(["PATCH"]);
      expect(remote.dependentTargetedDependents?.enabled).toBe(false);
      expect(inState(runs.targetedDependents, "dependent")?.inputs.enabled).toBe(false);
      expect(inState(runs.targetedDependents, "dependent")?.dependencies).toEqual([urn("base")]);
    });

    it("destroy --target of a resource others depend on is refused, naming the dependent, with no write", () => {
      expect(runs.destroyTarget.error).toContain(
        `Resource '${urn("dependent")}' will be destroyed but was not specified in --target list`,
      );
      expect(writesOf(runs.destroyTarget)).toEqual([]);
      expect(namesInState(runs.destroyTarget)).toEqual(namesInState(runs.options));
    });

    it("destroy --target --target-dependents deletes the target and its dependent only", async () => {
      expect(opsOf(runs.destroyTargetDependents, "base")).toEqual(["delete"]);
      expect(opsOf(runs.destroyTargetDependents, "dependent")).toEqual(["delete"]);
      expect(runs.destroyTargetDependents.steps.filter((step) => step.op === "delete")).toHaveLength(2);
      // The dependent goes first.
      expect(runs.destroyTargetDependents.writes.map((entry) => entry.url)).toEqual([
        `/api/v1/integrations/${ids.dependent}`,
        `/api/v1/integrations/${ids.base}`,
      ]);
      expect(writesOf(runs.destroyTargetDependents)).toEqual([DELETE, DELETE]);
      expect((await get(ids.base)).deleted).toBe(true);
      expect((await get(ids.dependent)).deleted).toBe(true);
      expect(namesInState(runs.destroyTargetDependents)).toEqual(
        namesInState(runs.options).filter((name) => name !== "base" && name !== "dependent"),
      );
    });
  });

  describe("protect", () => {
    it("is stored in state", () => {
      expect(inState(runs.create, "guarded")?.protect).toBe(true);
      expect(inState(runs.create, "base")?.protect).toBeUndefined();
    });

    it("an up that would replace it fails before any API write, and keeps it", () => {
      expect(runs.replaceProtected.error).toContain(`unable to replace resource "${urn("guarded")}"`);
      expect(runs.replaceProtected.error).toContain("as it is currently marked for protection");
      expect(writesOf(runs.replaceProtected)).toEqual([]);
      expect(inState(runs.replaceProtected, "guarded")).toMatchObject({ id: ids.guarded, protect: true });
    });

    it("an up that would delete it fails before any API write, and keeps it", () => {
      expect(runs.deleteProtected.error).toContain(
        `resource "${urn("guarded")}" cannot be deleted\nbecause it is protected`,
      );
      expect(writesOf(runs.deleteProtected)).toEqual([]);
      expect(remote.guardedRefused).toMatchObject({ name: "e2e-options-guarded", deleted: false });
      expect(inState(runs.deleteProtected, "guarded")).toMatchObject({ id: ids.guarded, protect: true });
    });

    it("unprotected by the program (no write), it is deleted by the next destroy", () => {
      expect(opsOf(runs.options, "guarded")).toEqual(["same"]);
      expect(writesTo(runs.options, ids.guarded)).toEqual([]);
      expect(inState(runs.options, "guarded")?.protect).toBeUndefined();
      expect(opsOf(runs.destroy, "guarded")).toEqual(["delete"]);
      expect(writesTo(runs.destroy, ids.guarded)).toEqual(["DELETE"]);
      expect(remote.guardedDestroyed?.deleted).toBe(true);
    });
  });

  describe("retainOnDelete", () => {
    it("is stored in state", () => {
      expect(inState(runs.create, "kept")?.retainOnDelete).toBe(true);
      expect(inState(runs.create, "retained")?.retainOnDelete).toBe(true);
    });

    it("removed from the program, the connector leaves the state with no API write and stays live", () => {
      expect(opsOf(runs.options, "kept")).toEqual(["delete"]);
      expect(writesTo(runs.options, ids.kept)).toEqual([]);
      expect(inState(runs.options, "kept")).toBeUndefined();
      // Its deletionPolicy is "delete": without the option the provider would have sent a DELETE.
      expect(remote.keptOptions).toEqual(remote.keptBefore);
      expect(remote.keptOptions).toMatchObject({ deleted: false, enabled: true });
    });

    it("destroyed, the connector leaves the state with no API write and stays live", () => {
      expect(opsOf(runs.destroy, "retained")).toEqual(["delete"]);
      expect(writesTo(runs.destroy, ids.retained)).toEqual([]);
      expect(remote.retainedDestroyed).toEqual(remote.retainedBefore);
      expect(stateAfter(runs.destroy)).toEqual([]);
    });
  });

  describe("deleteBeforeReplace", () => {
    it("as an option, an input change replaces an autonamed connector delete-first", () => {
      // The provider answers create-first for an autonamed connector: the order comes from the option.
      expect(opsOf(runs.options, "dbr")).toEqual(["delete-replaced", "replace", "create-replacement"]);
      expect(stepOf(runs.options, "dbr", "replace").replaces).toEqual(["appName"]);
      const dbrWrites = runs.options.writes.filter(
        (entry) => entry.url.includes(ids.dbr) || entry.method === "POST",
      );
      expect(dbrWrites.map((entry) => `${entry.method} ${entry.route}`)).toEqual([DELETE, POST]);
      expect(remote.dbrOptions?.deleted).toBe(true);
      expect(remote.dbrReplacement).toMatchObject({ appName: "notion", deleted: false });
      expect(inState(runs.options, "dbr")?.id).toBe(remote.dbrReplacement?.id);
      expect(inState(runs.options, "dbr")?.id).not.toBe(ids.dbr);
    });
  });

  describe("replaceOnChanges", () => {
    it("has no effect: the change of a listed input is an update in place (the provider reports no changed keys)", () => {
      // The engine matches the option against the changed keys and the detailed diff of the provider's
      // diff answer, which the SDK's dynamic provider never fills in; the engine computes them itself only
      // for a DIFF_UNKNOWN answer, which ours never give.
      expect(inState(runs.create, "roc")?.replaceOnChanges).toEqual(["enabled"]);
      expect(opsOf(runs.options, "roc")).toEqual(["update"]);
      expect(stepOf(runs.options, "roc", "update").diffs).toEqual(["enabled"]);
      expect(writesTo(runs.options, ids.roc)).toEqual(["PATCH"]);
      expect(remote.rocOptions).toMatchObject({ enabled: false, deleted: false });
      expect(inState(runs.options, "roc")?.id).toBe(ids.roc);
      // Silently: the engine says nothing about the option.
      expect(runs.options.log.filter((entry) => entry.severity === "warning")).toEqual([]);
    });
  });

  describe("ignoreChanges on a nested path (authConfig.client_id)", () => {
    const clientIdIn = (resource: ResourceState | undefined, side: "inputs" | "outputs"): unknown => {
      const authConfig = resource?.[side].authConfig;
      return isSecret(authConfig) ? (authConfig.value as Record<string, unknown>).client_id : undefined;
    };

    it("is stored in state", () => {
      expect(inState(runs.create, "watched")?.ignoreChanges).toEqual(["authConfig.client_id"]);
    });

    it("a program change of the ignored key alone is no change: no write, the old value kept", () => {
      expect(opsOf(runs.targeted, "watched")).toEqual(["same"]);
      expect(writesTo(runs.targeted, ids.watched)).toEqual([]);
      expect(clientIdIn(inState(runs.targeted, "watched"), "inputs")).toBe("from-program");
    });

    it("a change beside it is applied without it: the PATCH keeps the old client_id", () => {
      expect(opsOf(runs.options, "watched")).toEqual(["update"]);
      expect(writesTo(runs.options, ids.watched)).toEqual(["PATCH"]);
      expect(remote.watchedOptions?.authConfig).toMatchObject({
        client_id: "from-program",
        scopes: ["repo", "user"],
      });
      const watched = inState(runs.options, "watched");
      expect(clientIdIn(watched, "inputs")).toBe("from-program");
      expect(clientIdIn(watched, "outputs")).toBe("from-program");
    });
  });

  describe("aliases", () => {
    it("a new logical name with an alias of the old one is the same connector: no create, no delete, no write", () => {
      expect(opsOf(runs.options, "new-name")).toEqual(["same"]);
      expect(opsOf(runs.options, "old-name")).toEqual([]);
      expect(writesTo(runs.options, ids.renamed)).toEqual([]);
      expect(remote.renamedOptions).toMatchObject({ name: "e2e-options-renamed", deleted: false });
      expect(inState(runs.options, "new-name")?.id).toBe(ids.renamed);
      expect(inState(runs.options, "old-name")).toBeUndefined();
    });
  });

  it("writes, in the whole phase-5 up, exactly the replacement, the replaceOnChanges and the ignoreChanges updates", () => {
    expect(writesOf(runs.options).sort()).toEqual([DELETE, PATCH, PATCH, POST].sort());
  });

  it("keeps every connector's authConfig encrypted in the exported state, inputs and outputs", () => {
    const exported = JSON.parse(stateTextAfter(runs.options)) as {
      deployment: { resources: Array<{ type: string; inputs: object; outputs: object }> };
    };
    const connectors = exported.deployment.resources.filter((resource) => resource.type === CONNECTOR_TYPE);
    expect(connectors).toHaveLength(8);
    for (const resource of connectors) {
      for (const side of [resource.inputs, resource.outputs]) {
        const authConfig = (side as Record<string, Record<string, unknown>>).authConfig;
        expect(Object.keys(authConfig ?? {}).sort()).toEqual(["ciphertext", specialSigKey].sort());
      }
    }
  });

  it("keeps the API key and the client secret out of state, logs and provider output", () => {
    expectNoLeaksAndSmallProviders(
      stack,
      { managed: { "client secret": clientSecret }, other: { "API key": api.apiKey } },
      [CONNECTOR_TYPE],
    );
  });
});
