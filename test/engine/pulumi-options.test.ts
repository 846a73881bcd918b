/**
 * Pulumi's own integration tests of resource options and targets, rewritten as small programs and run
 * through this engine (pulumi/pulumi tests/integration/<dir>/*_test.go state what each step expects):
 * TestProtectedResources, TestDeleteBeforeCreate, TestDeleteManyTargets,
 * TestUntargetedCreateDuringTargetedUpdate, TestNodejsAliases (rename scenarios).
 */
import { join } from "node:path";
import { TestStack } from "./index";
import type { OperationResult, ResourceState } from "./index";
import { deleteProtectedMessage, untargetedDeleteMessage } from "./diagnostics";
import { checkpointOf, runSteps, stepStack, stepsOf } from "./pulumi-mirror";
import type { StepRun } from "./pulumi-mirror";
import { engineTestTimeoutMs, programsDir } from "./test-helpers";

describe("pulumi tests/integration/protect_resources (TestProtectedResources)", () => {
  let run: StepRun;
  let results: OperationResult[];
  let states: ResourceState[][];
  beforeAll(async () => {
    run = await runSteps("protect_resources", 5);
    ({ results, states } = run);
  }, engineTestTimeoutMs);
  afterAll(() => run.stack.dispose());

  const eternal = (step: number): ResourceState | undefined =>
    states[step - 1]?.find((state) => state.urn.endsWith("::eternal"));
  const urn = "urn:pulumi:dev::pulumi-protect-resources::pulumi-nodejs:dynamic:Resource::eternal";

  it("steps 1 and 2 create and update the protected resource", () => {
    expect(results[0]?.error).toBeUndefined();
    expect(eternal(1)?.protect).toBe(true);
    expect(stepsOf(results[1])).toEqual(["update eternal"]);
    expect(eternal(2)?.protect).toBe(true);
    expect(eternal(2)?.outputs.state).toBe(2);
  });

  it("step 3 fails to delete it, and it stays protected", () => {
    expect(results[2]?.error).toBe(deleteProtectedMessage(urn));
    expect(checkpointOf(states[2])).toEqual(["pulumi-protect-resources-dev", "default", "eternal"]);
    expect(eternal(3)?.protect).toBe(true);
  });

  it("step 4 unprotects it, step 5 deletes it", () => {
    expect(results[3]?.error).toBeUndefined();
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
  }, engineTestTimeoutMs);
  afterAll(() => run.stack.dispose());

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
    // calculateDependentReplacements: dependent and dependent-4 would be replaced (their state follows
    // base's); dependent-2 only dependsOn it, dependent-3's Diff answers an update.
    expect(steps.filter((step) => step.startsWith("delete-replaced"))).toEqual([
      "delete-replaced dependent-4",
      "delete-replaced dependent",
      "delete-replaced base",
    ]);
    expect(steps.slice(3, 5)).toEqual(["replace base", "create-replacement base"]);
    for (const name of ["dependent", "dependent-4"]) {
      expect(steps.filter((step) => step.endsWith(` ${name}`))).toEqual([
        `delete-replaced ${name}`,
        `replace ${name}`,
        `create-replacement ${name}`,
      ]);
    }
    expect(steps.filter((step) => step.endsWith(" dependent-3"))).toEqual(["update dependent-3"]);
    expect(steps.filter((step) => step.endsWith(" dependent-2"))).toEqual(["same dependent-2"]);
    expect(stateOf(2, "dependent")?.outputs.state).toBe(99);
    expect(stateOf(2, "dependent-4")?.outputs.state).toBe(198);
  });

  it("step 5 deletes the dependent once, before the first of the two bases it depends on", () => {
    const steps = stepsOf(results[4]);
    expect(steps.filter((step) => step.endsWith(" dependent"))).toEqual([
      "delete-replaced dependent",
      "replace dependent",
      "create-replacement dependent",
    ]);
    expect(steps.indexOf("delete-replaced dependent")).toBeLessThan(steps.indexOf("delete-replaced base"));
    expect(stateOf(5, "dependent")?.outputs.state).toBe(250);
  });

  it("step 6 replaces create-first where the provider says noDBR, delete-first where the option says so", () => {
    const steps = stepsOf(results[5]);
    expect(steps.filter((step) => step.endsWith(" base"))).toEqual([
      "create-replacement base",
      "replace base",
      "delete-replaced base",
    ]);
    expect(steps.filter((step) => step.endsWith(" dependent"))).toEqual([
      "delete-replaced dependent",
      "replace dependent",
      "create-replacement dependent",
    ]);
    expect(stateOf(6, "dependent")?.outputs.state).toBe(84);
    expect(checkpointOf(states[5])).toHaveLength(5);
  });
});

describe("pulumi tests/integration/targets (TestDeleteManyTargets)", () => {
  let stack: TestStack;
  const results: Record<string, OperationResult> = {};
  const states: Record<string, ResourceState[]> = {};
  const type = "pulumi-nodejs:dynamic:Resource";
  const urn = (name: string, parentType = ""): string =>
    `urn:pulumi:dev::delete_targets_many_deps::${parentType ? `${parentType}$` : ""}${type}::${name}`;

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "delete_targets_many_deps"));
    const run = async (label: string, operation: () => Promise<OperationResult>): Promise<void> => {
      results[label] = await operation();
      states[label] = await stack.resources();
    };
    await run("up", () => stack.up());
    await run("destroyRoot", () => stack.destroy({ targets: [urn("a")] }));
    await run("destroyLeaf", () => stack.destroy({ targets: [urn("h", `${type}$${type}`)] }));
    await run("destroyRootDependents", () => stack.destroy({ targets: [urn("a")], targetDependents: true }));
    await run("destroyAll", () => stack.destroy());
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("refuses to destroy the root alone, naming every resource that depends on it", () => {
    expect(results.up?.error).toBeUndefined();
    const error = results.destroyRoot?.error ?? "";
    for (const dependent of [urn("b"), urn("c"), urn("d"), urn("e"), urn("f", type), urn("g", type)]) {
      expect(error).toContain(untargetedDeleteMessage(dependent));
    }
    expect(checkpointOf(states.destroyRoot)).toHaveLength(10);
  });

  it("destroys the leaf alone", () => {
    expect(results.destroyLeaf?.error).toBeUndefined();
    expect(stepsOf(results.destroyLeaf)).toEqual(["delete h"]);
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
  let stack: TestStack;
  const results: OperationResult[] = [];
  let afterTargeted: ResourceState[] = [];
  beforeAll(async () => {
    stack = await stepStack("untargeted_create");
    results.push(await stack.up());
    const urn = String(results[0]?.outputs.urn?.value);
    stack.setConfig("step", "2");
    results.push(await stack.up({ targets: [urn] }));
    afterTargeted = await stack.resources();
    results.push(await stack.refresh());
    results.push(await stack.destroy());
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("up --target a leaves the new b uncreated, and refresh and destroy succeed", () => {
    expect(results.map((result) => result.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(stepsOf(results[1])).toEqual(["same a"]);
    expect(checkpointOf(afterTargeted)).toEqual(["pulumi-untargeted-create-dev", "default", "a"]);
    expect(stepsOf(results[3])).toEqual(["delete a"]);
  });
});

describe("pulumi tests/integration/aliases/nodejs (TestNodejsAliases: rename, rename_component)", () => {
  let stack: TestStack;
  let renamed: OperationResult;
  let before: ResourceState[];
  let after: ResourceState[];
  beforeAll(async () => {
    stack = await stepStack("aliases_nodejs");
    await stack.up();
    before = await stack.resources();
    stack.setConfig("step", "2");
    renamed = await stack.up();
    after = await stack.resources();
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("renames through aliases with no changes (ExpectNoChanges): every step is a same", () => {
    expect(renamed.error).toBeUndefined();
    expect(stepsOf(renamed).sort()).toEqual([
      "same newcomp3",
      "same newcomp3-child",
      "same newres1",
      "same otherchild",
    ]);
  });

  it("keeps one state per resource, under the new URNs", () => {
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
