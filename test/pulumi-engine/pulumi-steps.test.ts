/**
 * Pulumi's own step-sequence integration tests of v3.259.0 (README.md beside this file lists them), on the
 * real CLI: the Go tests state what each step must leave in the checkpoint, the step programs' comments
 * which steps they expect.
 */
import type { ResourceState } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { checkpointOf, mirrorTimeoutMs, runSteps, stepsOf, stepsOfName } from "./support/mirror";
import type { StepRun } from "./support/mirror";

/**
 * The Go test's check of each step's state: the stack first, then the default provider, then the named
 * resources in any order (they are written as their steps complete).
 */
const validateResources = (states: ResourceState[], ...names: string[]): void => {
  const [stackState, providerState, ...rest] = states;
  expect(stackState?.type).toBe("pulumi:pulumi:Stack");
  if (names.length === 0) {
    expect(rest).toEqual([]);
    return;
  }
  expect(providerState?.type).toBe("pulumi:providers:pulumi-nodejs");
  expect(checkpointOf(rest).sort()).toEqual([...names].sort());
};

describe("pulumi tests/integration/steps (TestSteps)", () => {
  let run: StepRun;
  beforeAll(async () => {
    // The test harness's Quick run: up, then `refresh --skip-preview --expect-no-changes`, then each edit.
    run = await runSteps("steps", 6, (stack) => stack.refresh({ skipPreview: true, expectNoChanges: true }));
  }, mirrorTimeoutMs);
  afterAll(() => run?.stack.dispose());

  const up = (step: number): OperationResult => run.results[step === 1 ? 0 : step] as OperationResult;
  const state = (step: number): ResourceState[] => run.states[step === 1 ? 0 : step] ?? [];

  it("step 1 creates a, b, c, d; a refresh changes nothing", () => {
    expect(up(1).error).toBeUndefined();
    expect(stepsOf(up(1)).sort()).toEqual(["create a", "create b", "create c", "create d"]);
    validateResources(state(1), "a", "b", "c", "d");
    // `refresh --expect-no-changes` succeeded: a refresh step per resource, none with drift.
    const refresh = run.results[1];
    expect(refresh?.error).toBeUndefined();
    expect(stepsOf(refresh).sort()).toEqual(["refresh a", "refresh b", "refresh c", "refresh d"]);
    expect(refresh?.steps.filter((step) => step.diffs !== undefined)).toEqual([]);
  });

  it("step 2: same a, update b, same c, delete d, create e", () => {
    expect(up(2).error).toBeUndefined();
    expect(stepsOf(up(2)).sort()).toEqual(["create e", "delete d", "same a", "same c", "update b"]);
    validateResources(state(2), "a", "b", "c", "e");
  });

  it("step 3: replace a (create first), update c which takes a's id, delete b", () => {
    expect(up(3).error).toBeUndefined();
    const steps = stepsOf(up(3));
    expect(stepsOfName(up(3), "a")).toEqual(["create-replacement a", "replace a", "delete-replaced a"]);
    expect(steps).toContain("update c");
    expect(steps).toContain("delete b");
    expect(steps).toContain("same e");
    expect(steps.indexOf("update c")).toBeLessThan(steps.indexOf("delete-replaced a"));
    validateResources(state(3), "a", "c", "e");
  });

  it("step 4: replace c delete-before-replace", () => {
    expect(up(4).error).toBeUndefined();
    expect(
      stepsOf(up(4))
        .filter((s) => !s.endsWith(" c"))
        .sort(),
    ).toEqual(["same a", "same e"]);
    expect(stepsOfName(up(4), "c")).toEqual(["delete-replaced c", "replace c", "create-replacement c"]);
    validateResources(state(4), "a", "c", "e");
  });

  it("step 5: replace a again; c is replaced delete-first again", () => {
    expect(up(5).error).toBeUndefined();
    expect(stepsOfName(up(5), "a")).toEqual(["create-replacement a", "replace a", "delete-replaced a"]);
    // The README says Update(c4=>c5), but the provider diffs against c's outputs, which lack
    // `replaceDBR` (create returned no outs): the real engine replaces c again.
    expect(stepsOfName(up(5), "c")).toEqual(["delete-replaced c", "replace c", "create-replacement c"]);
    validateResources(state(5), "a", "c", "e");
  });

  it("step 6: an empty program deletes everything, the default provider too", () => {
    expect(up(6).error).toBeUndefined();
    expect(stepsOf(up(6)).sort()).toEqual(["delete a", "delete c", "delete e"]);
    validateResources(state(6));
    expect(state(6).map((resource) => resource.type)).toEqual(["pulumi:pulumi:Stack"]);
  });
});

describe("pulumi tests/integration/partial_state (TestPartialState)", () => {
  let run: StepRun;
  beforeAll(async () => {
    run = await runSteps("partial_state", 4);
  }, mirrorTimeoutMs);
  afterAll(() => run?.stack.dispose());

  const custom = (step: number): ResourceState[] =>
    (run.states[step - 1] ?? []).filter((s) => s.type === "pulumi-nodejs:dynamic:Resource");

  // The update fails with the init errors' reasons, not with the message the provider threw, which the
  // imitation engine reported.
  it("step 1 fails, but keeps the partially created resource with its outputs and initErrors", () => {
    expect(run.results[0]?.error).toContain("state can't be 4");
    expect(
      run.results[0]?.steps.filter((step) => step.failed).map((step) => `${step.op} ${step.name}`),
    ).toEqual(["create doomed"]);
    expect(checkpointOf(run.states[0] ?? [])).toEqual(["pulumi-partial-state-dev", "default", "doomed"]);
    expect(custom(1)[0]?.outputs.state).toBe(4);
    expect(custom(1)[0]?.initErrors).toEqual(["state can't be 4"]);
  });

  it("step 2 deletes it", () => {
    expect(run.results[1]?.error).toBeUndefined();
    expect(checkpointOf(run.states[1] ?? [])).toEqual(["pulumi-partial-state-dev"]);
  });

  it("step 3 creates a healthy resource", () => {
    expect(run.results[2]?.error).toBeUndefined();
    expect(custom(3)[0]?.outputs.state).toBe(5);
    expect(custom(3)[0]?.initErrors).toBeUndefined();
  });

  it("step 4 fails its update partially and keeps the new outputs and the initErrors", () => {
    expect(run.results[3]?.error).toContain("state can't be 4");
    expect(
      run.results[3]?.steps.filter((step) => step.failed).map((step) => `${step.op} ${step.name}`),
    ).toEqual(["update not-doomed"]);
    expect(checkpointOf(run.states[3] ?? [])).toEqual(["pulumi-partial-state-dev", "default", "not-doomed"]);
    expect(custom(4)[0]?.outputs.state).toBe(4);
    expect(custom(4)[0]?.initErrors).toEqual(["state can't be 4"]);
  });
});

describe("pulumi tests/integration/double_pending_delete (TestDoublePendingDelete)", () => {
  let run: StepRun;
  beforeAll(async () => {
    run = await runSteps("double_pending_delete", 4);
  }, mirrorTimeoutMs);
  afterAll(() => run?.stack.dispose());

  const stackName = "pulumi-double-pending-delete-dev";

  it("step 2 fails creating b's replacement; a's old self stays, pending delete", () => {
    expect(run.results[0]?.error).toBeUndefined();
    expect(run.results[1]?.error).toContain("failed to create this resource");
    expect(checkpointOf(run.states[1] ?? [])).toEqual([stackName, "default", "a", "a (delete)", "b"]);
  });

  it("step 3 fails again and leaves two pending deletes of a", () => {
    expect(run.results[2]?.error).toContain("failed to create this resource");
    expect(checkpointOf(run.states[2] ?? [])).toEqual([
      stackName,
      "default",
      "a",
      "a (delete)",
      "a (delete)",
      "b",
    ]);
  });

  it("step 4 succeeds and clears every pending delete", () => {
    expect(run.results[3]?.error).toBeUndefined();
    expect(checkpointOf(run.states[3] ?? [])).toEqual([stackName, "default", "a", "b"]);
    // The two pending deletes of a, and b's old self, replaced create-first.
    const deletes = stepsOf(run.results[3] as OperationResult).filter((step) => step.startsWith("delete"));
    expect(deletes.sort()).toEqual([
      "delete-replaced a",
      "delete-replaced a",
      "delete-replaced a",
      "delete-replaced b",
    ]);
  });
});
