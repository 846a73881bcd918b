import { join } from "node:path";
import { TestStack, unknownValue } from "./index";
import type { OperationResult } from "./index";
import { engineTestTimeoutMs, opsOf, programsDir, providerCalls, stepOf } from "./test-helpers";

describe("test engine: preview", () => {
  let stack: TestStack;
  let newStack: OperationResult;
  let up: OperationResult;
  let change: OperationResult;
  let newStackOutput: string;
  let changeOutput: string;
  let stateBeforeChange: string | undefined;
  let stateAfterFirstPreview: string | undefined;

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "preview"), { config: { value: "one" } });
    newStack = await stack.preview();
    newStackOutput = stack.providerOutput();
    stateAfterFirstPreview = await stack.stateText();
    up = await stack.up();
    stateBeforeChange = await stack.stateText();
    const seen = stack.providerOutput().length;
    stack.setConfig("value", "two");
    change = await stack.preview();
    changeOutput = stack.providerOutput().slice(seen);
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  it("previews a new stack without creating anything or writing state", () => {
    expect(newStack.error).toBeUndefined();
    expect(stateAfterFirstPreview).toBeUndefined();
    expect(opsOf(newStack, "a")).toEqual(["create"]);
    expect(opsOf(newStack, "b")).toEqual(["create"]);
    expect(providerCalls(newStackOutput).filter((call) => /^null:(create|update|delete)/.test(call))).toEqual(
      [],
    );
    expect(up.steps.filter((step) => step.op === "create").map((step) => step.name)).toContain("a");
  });

  it("hands the program and the provider unknowns for outputs not known yet", () => {
    expect(newStackOutput).toContain("null:check:b unknown=value");
    expect(newStack.log.map((entry) => entry.message)).not.toContainEqual(
      expect.stringMatching(/a.computed is known/),
    );
    expect(up.log.map((entry) => entry.message)).toContainEqual("a.computed is known: computed-a-one");
    expect(newStack.outputs.bValue?.value).toBe(unknownValue);
  });

  it("previews a change as an update (an unknown is no reason to replace) with no Update call or state change", async () => {
    expect(change.error).toBeUndefined();
    expect(stepOf(change, "a", "update").diffs).toEqual(["value"]);
    expect(opsOf(change, "b")).toEqual(["update"]);
    expect(changeOutput).toContain("null:check:b unknown=value");
    expect(providerCalls(changeOutput).filter((call) => /^null:(create|update|delete)/.test(call))).toEqual(
      [],
    );
    expect(await stack.stateText()).toBe(stateBeforeChange);
  });
});
