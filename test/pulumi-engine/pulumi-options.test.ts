/**
 * Pulumi's own integration tests of resource options and targets of v3.259.0 (README.md beside this file
 * lists them; of the alias scenarios, the renames), on the real CLI. Each test says what the Go test (or
 * the comments of its step programs) expects, and asserts it on the engine's steps and on
 * `pulumi stack export`.
 */
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { ResourceState } from "../../tools/pulumi/state";
import { rootStackType } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { checkpointOf, mirrorStack, mirrorTimeoutMs, runSteps, stepsOf, stepsOfName } from "./support/mirror";
import type { StepRun } from "./support/mirror";

const DYNAMIC_TYPE = "pulumi-nodejs:dynamic:Resource";
const PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";

/** The Go tests' shape check: the stack first, then the default provider, then the named resources. */
function typesOf(states: ResourceState[] | undefined): string[] {
  return (states ?? []).map((state) => state.type);
}

describe("pulumi tests/integration/protect_resources (TestProtectedResources)", () => {
  let run: StepRun;
  let results: OperationResult[];
  let states: ResourceState[][];
  beforeAll(async () => {
    run = await runSteps("protect_resources", 5);
    ({ results, states } = run);
  }, mirrorTimeoutMs);
  afterAll(() => run?.stack.dispose());

  const eternal = (step: number): ResourceState | undefined =>
    states[step - 1]?.find((state) => state.urn.endsWith("::eternal"));
  const urn = `urn:pulumi:dev::pulumi-protect-resources::${DYNAMIC_TYPE}::eternal`;

  it("steps 1 and 2 create and update the protected resource: stack, provider, eternal (Protect)", () => {
    expect(results[0]?.error).toBeUndefined();
    expect(typesOf(states[0])).toEqual([rootStackType, PROVIDER_TYPE, DYNAMIC_TYPE]);
    expect(eternal(1)?.protect).toBe(true);
    expect(stepsOf(results[1])).toEqual(["update eternal"]);
    expect(typesOf(states[1])).toEqual([rootStackType, PROVIDER_TYPE, DYNAMIC_TYPE]);
    expect(eternal(2)?.protect).toBe(true);
    expect(eternal(2)?.outputs.state).toBe(2);
  });

  it("step 3 fails to delete it (ExpectFailure), and it stays, protected", () => {
    expect(results[2]?.error).toContain(`resource "${urn}" cannot be deleted\nbecause it is protected`);
    expect(checkpointOf(states[2])).toEqual(["pulumi-protect-resources-dev", "default", "eternal"]);
    expect(eternal(3)?.protect).toBe(true);
  });

  it("step 4 unprotects it, step 5 deletes it, the default provider with it", () => {
    expect(results[3]?.error).toBeUndefined();
    expect(eternal(4)).toBeDefined();
    expect(eternal(4)?.protect).toBeUndefined();
    expect(results[4]?.error).toBeUndefined();
    expect(stepsOf(results[4])).toEqual(["delete eternal"]);
    expect(checkpointOf(states[4])).toEqual(["pulumi-protect-resources-dev"]);
  });
});

describe("pulumi tests/integration/delete_before_create (TestDeleteBeforeCreate)", () => {
  let run: StepRun;
  let results: OperationResult[];
  let states: ResourceState[][];
  beforeAll(async () => {
    run = await runSteps("delete_before_create", 6);
    ({ results, states } = run);
  }, mirrorTimeoutMs);
  afterAll(() => run?.stack.dispose());

  const stateOf = (step: number, name: string): ResourceState | undefined =>
    states[step - 1]?.find((state) => state.urn.endsWith(`::${name}`));

  it("succeeds at every step, as the Go test requires", () => {
    expect(results.map((result) => result.error)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("step 2 deletes base's dependents that its replacement would replace first, then recreates them", () => {
    const steps = stepsOf(results[1]);
    // The order step2/index.ts lists: dependent-4, dependent, base deleted, then base replaced.
    expect(steps.filter((step) => step.startsWith("delete-replaced"))).toEqual([
      "delete-replaced dependent-4",
      "delete-replaced dependent",
      "delete-replaced base",
    ]);
    expect(stepsOfName(results[1], "base")).toEqual([
      "delete-replaced base",
      "replace base",
      "create-replacement base",
    ]);
    for (const name of ["dependent", "dependent-4"]) {
      expect(stepsOfName(results[1], name)).toEqual([
        `delete-replaced ${name}`,
        `replace ${name}`,
        `create-replacement ${name}`,
      ]);
    }
    expect(stepsOfName(results[1], "dependent-3")).toEqual(["update dependent-3"]);
    expect(stepsOfName(results[1], "dependent-2")).toEqual(["same dependent-2"]);
    expect(stateOf(2, "dependent")?.outputs.state).toBe(99);
    expect(stateOf(2, "dependent-4")?.outputs.state).toBe(198);
  });

  it("step 3 replaces base and dependent and deletes the rest, not recreating them", () => {
    expect(stepsOfName(results[2], "base")).toEqual([
      "delete-replaced base",
      "replace base",
      "create-replacement base",
    ]);
    for (const name of ["dependent-2", "dependent-3", "dependent-4"])
      expect(stepsOfName(results[2], name)).not.toContain(`create-replacement ${name}`);
    expect(checkpointOf(states[2]).slice(2).sort()).toEqual(["base", "dependent"]);
  });

  it("step 5 deletes the dependent once, before the first of the two bases it depends on", () => {
    const steps = stepsOf(results[4]);
    expect(stepsOfName(results[4], "dependent")).toEqual([
      "delete-replaced dependent",
      "replace dependent",
      "create-replacement dependent",
    ]);
    expect(steps.indexOf("delete-replaced dependent")).toBeLessThan(steps.indexOf("delete-replaced base"));
    expect(steps.indexOf("delete-replaced dependent")).toBeLessThan(steps.indexOf("delete-replaced base-2"));
    expect(stateOf(5, "dependent")?.outputs.state).toBe(250);
  });

  it("step 6 replaces create-first where the provider says noDBR, delete-first where the option says so", () => {
    expect(stepsOfName(results[5], "base")).toEqual([
      "create-replacement base",
      "replace base",
      "delete-replaced base",
    ]);
    expect(stepsOfName(results[5], "dependent")).toEqual([
      "delete-replaced dependent",
      "replace dependent",
      "create-replacement dependent",
    ]);
    expect(stateOf(6, "dependent")?.outputs.state).toBe(84);
    expect(checkpointOf(states[5])).toHaveLength(5);
  });
});

describe("pulumi tests/integration/targets (TestDeleteManyTargets)", () => {
  let stack: PulumiStack;
  const results: Record<string, OperationResult> = {};
  const states: Record<string, ResourceState[]> = {};
  const urn = (name: string, parentType = ""): string =>
    `urn:pulumi:dev::delete_targets_many_deps::${parentType ? `${parentType}$` : ""}${DYNAMIC_TYPE}::${name}`;

  beforeAll(async () => {
    stack = await mirrorStack("delete_targets_many_deps");
    const run = async (label: string, operation: () => Promise<OperationResult>): Promise<void> => {
      results[label] = await operation();
      states[label] = await stack.resources();
    };
    // As the Go test runs them: every destroy with --skip-preview.
    await run("up", () => stack.up({ skipPreview: true }));
    await run("destroyRoot", () => stack.destroy({ skipPreview: true, targets: [urn("a")] }));
    await run("destroyLeaf", () =>
      stack.destroy({ skipPreview: true, targets: [urn("h", `${DYNAMIC_TYPE}$${DYNAMIC_TYPE}`)] }),
    );
    await run("destroyRootDependents", () =>
      stack.destroy({ skipPreview: true, targets: [urn("a")], targetDependents: true }),
    );
    await run("destroyAll", () => stack.destroy({ skipPreview: true }));
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  it("refuses to destroy the root alone; its output names every resource that depends on it", () => {
    expect(results.up?.error).toBeUndefined();
    expect(results.destroyRoot?.exitCode).not.toBe(0);
    for (const dependent of [
      urn("b"),
      urn("c"),
      urn("d"),
      urn("e"),
      urn("f", DYNAMIC_TYPE),
      urn("g", DYNAMIC_TYPE),
    ])
      expect(results.destroyRoot?.output).toContain(dependent);
    expect(checkpointOf(states.destroyRoot)).toEqual(checkpointOf(states.up));
    expect(checkpointOf(states.up)).toHaveLength(10);
  });

  it("destroys the leaf alone", () => {
    expect(results.destroyLeaf?.error).toBeUndefined();
    // The real engine lists every untargeted resource of a targeted destroy as a `same` step (the
    // imitation engine listed only the delete).
    const steps = stepsOf(results.destroyLeaf);
    expect(steps.filter((step) => !step.startsWith("same "))).toEqual(["delete h"]);
    expect(steps.filter((step) => step.startsWith("same ")).sort()).toEqual(
      ["a", "b", "c", "d", "e", "f", "g"].map((name) => `same ${name}`),
    );
    expect(checkpointOf(states.destroyLeaf)).toEqual(checkpointOf(states.up).filter((name) => name !== "h"));
  });

  it("destroys the root with --target-dependents, then the rest", () => {
    expect(results.destroyRootDependents?.error).toBeUndefined();
    expect(stepsOf(results.destroyRootDependents).sort()).toEqual(
      ["a", "b", "c", "d", "e", "f", "g"].map((name) => `delete ${name}`),
    );
    expect(results.destroyAll?.error).toBeUndefined();
    expect(checkpointOf(states.destroyAll)).toEqual([]);
  });
});

describe("pulumi tests/integration/targets/untargeted_create (TestUntargetedCreateDuringTargetedUpdate)", () => {
  let stack: PulumiStack;
  const results: OperationResult[] = [];
  let afterTargeted: ResourceState[] = [];
  beforeAll(async () => {
    stack = await mirrorStack("untargeted_create", { step: "1" });
    results.push(await stack.up({ skipPreview: true }));
    const urn = String(results[0]?.outputs.urn?.value);
    await stack.setConfig("step", "2");
    results.push(await stack.up({ skipPreview: true, targets: [urn] }));
    afterTargeted = await stack.resources();
    results.push(await stack.refresh());
    results.push(await stack.destroy({ skipPreview: true }));
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  it("up --target a leaves the new b uncreated, and refresh and destroy succeed (upstream skips it: pulumi/pulumi#4149)", () => {
    expect(results.map((result) => result.error)).toEqual([undefined, undefined, undefined, undefined]);
    // b is not targeted: the real engine shows its create skipped as a `same` step and stores nothing for it;
    // the imitation engine showed no step. (Sorted: the program registers both at once, their steps start in
    // any order.)
    expect(stepsOf(results[1]).sort()).toEqual(["same a", "same b"]);
    expect(checkpointOf(afterTargeted)).toEqual(["pulumi-untargeted-create-dev", "default", "a"]);
    expect(stepsOf(results[3])).toEqual(["delete a"]);
  });
});

describe("pulumi tests/integration/aliases/nodejs (TestNodejsAliases: rename, rename_component)", () => {
  let stack: PulumiStack;
  let renamed: OperationResult;
  let before: ResourceState[];
  let after: ResourceState[];
  beforeAll(async () => {
    stack = await mirrorStack("aliases_nodejs", { step: "1" });
    await stack.up({ skipPreview: true });
    before = await stack.resources();
    await stack.setConfig("step", "2");
    // The Go test expects no changes at step 2: `up --expect-no-changes`.
    renamed = await stack.up({ skipPreview: true, expectNoChanges: true });
    after = await stack.resources();
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  it("renames through aliases with no changes (ExpectNoChanges): every step is a same", () => {
    expect(renamed.error).toBeUndefined();
    expect(stepsOf(renamed).sort()).toEqual([
      "same newcomp3",
      "same newcomp3-child",
      "same newres1",
      "same otherchild",
    ]);
  });

  it("keeps one state per resource, under the new URNs, the children under the renamed parent", () => {
    expect(after).toHaveLength(before.length);
    expect(checkpointOf(after).sort()).toEqual([
      "newcomp3",
      "newcomp3-child",
      "newres1",
      "otherchild",
      "pulumi-aliases-dev",
    ]);
    expect(after.find((s) => s.urn.endsWith("::otherchild"))?.parent).toBe(
      after.find((s) => s.urn.endsWith("::newcomp3"))?.urn,
    );
  });
});
