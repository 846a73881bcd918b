/**
 * `up --target` and `destroy --target`, with and without `--target-dependents`, as pulumi/pulumi
 * pkg/resource/deploy/step_generator.go does them (generateSteps' isTargeted, GenerateDeletes).
 */
import type { TestStack } from "./index";
import { untargetedDeleteMessage } from "./diagnostics";
import { engineTestTimeoutMs, opsOf, phasedScenario } from "./test-helpers";

describe("test engine: --target and --target-dependents", () => {
  const { calls, results, run, urnOf, stateOf, start, dispose } = phasedScenario("targets");
  let stack: TestStack;

  beforeAll(async () => {
    stack = await start();
    await run("first", () => stack.up());
    stack.setConfig("phase", "2");
    await run("targetA", () => stack.up({ targets: [urnOf("a")] }));
    await run("targetADependents", () => stack.up({ targets: [urnOf("a")], targetDependents: true }));
    await run("destroyA", () => stack.destroy({ targets: [urnOf("a")] }));
    await run("destroyADependents", () => stack.destroy({ targets: [urnOf("a")], targetDependents: true }));
  }, engineTestTimeoutMs);

  afterAll(dispose);

  const valueOf = (label: string, name: string): unknown => stateOf(label, name)?.inputs.value;
  const has = (label: string, name: string): boolean => stateOf(label, name) !== undefined;

  it("up --target changes only the target; the others keep their old state, with no provider call", () => {
    expect(results.first?.error).toBeUndefined();
    expect(results.targetA?.error).toBeUndefined();
    expect(opsOf(results.targetA!, "a")).toEqual(["update"]);
    expect(opsOf(results.targetA!, "b")).toEqual(["same"]);
    expect(opsOf(results.targetA!, "c")).toEqual(["same"]);
    expect(valueOf("targetA", "a")).toBe("v2");
    expect(valueOf("targetA", "b")).toBe("v1");
    expect(calls.targetA?.filter((call) => /:(b|c|d)$/.test(call))).toEqual([]);
  });

  it("up --target does not create an untargeted new resource, nor write it to state", () => {
    expect(opsOf(results.targetA!, "d")).toEqual([]);
    expect(has("targetA", "d")).toBe(false);
  });

  it("up --target-dependents also changes what depends on the target", () => {
    expect(results.targetADependents?.error).toBeUndefined();
    expect(opsOf(results.targetADependents!, "b")).toEqual(["update"]);
    expect(opsOf(results.targetADependents!, "c")).toEqual(["same"]);
    expect(valueOf("targetADependents", "b")).toBe("v2");
    expect(valueOf("targetADependents", "c")).toBe("v1");
  });

  it("destroy --target refuses to delete a dependent that is not targeted, and deletes nothing", () => {
    expect(results.destroyA?.error).toBe(untargetedDeleteMessage(urnOf("b")));
    expect(calls.destroyA?.filter((call) => call.startsWith("null:delete"))).toEqual([]);
    expect(has("destroyA", "a")).toBe(true);
  });

  it("destroy --target --target-dependents deletes the target and its dependents, dependents first", () => {
    expect(results.destroyADependents?.error).toBeUndefined();
    expect(results.destroyADependents?.steps.map((step) => `${step.op} ${step.name}`)).toEqual([
      "delete b",
      "delete a",
    ]);
    expect(has("destroyADependents", "a")).toBe(false);
    expect(has("destroyADependents", "b")).toBe(false);
    expect(has("destroyADependents", "c")).toBe(true);
  });
});
