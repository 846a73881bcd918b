import { join } from "node:path";
import { TestStack } from "./index";
import type { OperationResult } from "./index";
import { engineTestTimeoutMs, indexOfStep, opsOf, programsDir, providerCalls } from "./test-helpers";

describe("test engine: deletions", () => {
  let stack: TestStack;
  let removal: OperationResult;
  let destroy: OperationResult;
  let removalCalls: string[];
  let destroyCalls: string[];

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "deletes"), { config: { phase: "1" } });
    const first = await stack.up();
    if (first.error) throw new Error(first.error);
    let seen = providerCalls(stack.providerOutput()).length;
    stack.setConfig("phase", "2");
    removal = await stack.up();
    removalCalls = providerCalls(stack.providerOutput()).slice(seen);
    seen += removalCalls.length;
    destroy = await stack.destroy();
    destroyCalls = providerCalls(stack.providerOutput()).slice(seen);
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  it("deletes resources gone from the program after it has finished, dependents first", () => {
    expect(removal.error).toBeUndefined();
    expect(opsOf(removal, "b")).toEqual(["delete"]);
    expect(opsOf(removal, "c")).toEqual(["delete"]);
    expect(indexOfStep(removal, "c", "delete")).toBeLessThan(indexOfStep(removal, "b", "delete"));
    expect(removalCalls.indexOf("null:delete:c")).toBeLessThan(removalCalls.indexOf("null:delete:b"));
    // The new resource was created while the program ran, before any deletion.
    expect(indexOfStep(removal, "e", "create")).toBeLessThan(indexOfStep(removal, "c", "delete"));
    expect(opsOf(removal, "a")).toEqual(["same"]);
    expect(opsOf(removal, "d")).toEqual(["same"]);
  });

  it("destroys everything in reverse dependency order and leaves an empty state", async () => {
    expect(destroy.error).toBeUndefined();
    expect(destroyCalls.indexOf("null:delete:d")).toBeLessThan(destroyCalls.indexOf("null:delete:a"));
    expect(destroyCalls.filter((call) => call.startsWith("null:delete:")).sort()).toEqual([
      "null:delete:a",
      "null:delete:d",
      "null:delete:e",
    ]);
    // The stack goes last: every resource is its child.
    expect(destroy.steps.at(-1)?.name).toBe("engine-deletes-dev");
    expect(destroy.steps.every((step) => step.op === "delete")).toBe(true);
    expect((await stack.state())?.checkpoint.latest?.resources).toEqual([]);
  });
});
