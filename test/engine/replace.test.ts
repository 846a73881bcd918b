import { join } from "node:path";
import { TestStack } from "./index";
import type { OperationResult, ResourceState } from "./index";
import { engineTestTimeoutMs, indexOfStep, opsOf, programsDir, providerCalls, stepOf } from "./test-helpers";

describe("test engine: replacements and changes", () => {
  let stack: TestStack;
  let first: OperationResult;
  let second: OperationResult;
  let before: ResourceState[];
  let after: ResourceState[];
  /** Provider calls during the second up. */
  let calls: string[];

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "replace"), { config: { version: "1" } });
    first = await stack.up();
    before = await stack.resources();
    const callsBefore = providerCalls(stack.providerOutput()).length;
    stack.setConfig("version", "2");
    second = await stack.up();
    after = await stack.resources();
    calls = providerCalls(stack.providerOutput()).slice(callsBefore);
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  const byName = (states: ResourceState[], name: string): ResourceState[] =>
    states.filter((state) => state.urn.endsWith(`::${name}`));

  it("creates every resource, and the stack, on the first up", () => {
    expect(first.error).toBeUndefined();
    for (const name of ["cbd", "dbr", "dbr-option", "upd", "ign", "roc"])
      expect(opsOf(first, name)).toEqual(["create"]);
    expect(opsOf(first, "engine-replace-dev")).toEqual(["create"]);
    expect(first.outputs).toEqual({ version: { value: "v1", secret: false } });
  });

  it("replaces create-before-delete by default, deleting the old resource after the program", () => {
    expect(second.error).toBeUndefined();
    expect(opsOf(second, "cbd")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(stepOf(second, "cbd", "replace").replaces).toEqual(["value"]);
    expect(calls.indexOf("null:create:cbd")).toBeLessThan(calls.indexOf("null:delete:cbd"));
    const lastCreate = Math.max(
      ...["cbd", "roc", "dbr", "dbr-option"].map((n) => indexOfStep(second, n, "create-replacement")),
    );
    expect(indexOfStep(second, "cbd", "delete-replaced")).toBeGreaterThan(lastCreate);
  });

  it("replaces delete-before-replace when the provider's diff asks for it", () => {
    expect(opsOf(second, "dbr")).toEqual(["delete-replaced", "replace", "create-replacement"]);
    expect(calls.indexOf("null:delete:dbr")).toBeLessThan(calls.indexOf("null:create:dbr"));
  });

  it("replaces delete-before-replace when the deleteBeforeReplace option asks for it", () => {
    expect(opsOf(second, "dbr-option")).toEqual(["delete-replaced", "replace", "create-replacement"]);
    expect(calls.indexOf("null:delete:dbr-option")).toBeLessThan(calls.indexOf("null:create:dbr-option"));
  });

  it("compares old and new inputs itself when the provider's diff answers unknown", () => {
    expect(opsOf(second, "upd")).toEqual(["update"]);
    expect(stepOf(second, "upd", "update").diffs).toEqual(["value"]);
    expect(calls).toContain("null:update:upd");
    expect(byName(after, "upd")[0]?.outputs.value).toBe("v2");
  });

  it("keeps the old value of an ignoreChanges property: no change, no call", () => {
    expect(opsOf(second, "ign")).toEqual(["same"]);
    expect(calls).not.toContain("null:update:ign");
    expect(byName(after, "ign")[0]?.inputs.value).toBe("v1");
  });

  it("turns a change of a replaceOnChanges property into a replacement", () => {
    expect(opsOf(second, "roc")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(stepOf(second, "roc", "replace").replaces).toEqual(["value"]);
  });

  it("leaves one state entry per resource, replaced ones with new ids, __provider in inputs and outputs", () => {
    for (const name of ["cbd", "dbr", "dbr-option", "roc"]) {
      const [old] = byName(before, name);
      const current = byName(after, name);
      expect(current).toHaveLength(1);
      expect(current[0]?.delete).toBeUndefined();
      expect(current[0]?.id).not.toBe(old?.id);
    }
    const [cbd] = byName(after, "cbd");
    expect(typeof cbd?.inputs.__provider).toBe("string");
    expect(cbd?.outputs.__provider).toBe(cbd?.inputs.__provider);
    expect(cbd?.provider).toMatch(
      /^urn:pulumi:dev::engine-replace::pulumi:providers:pulumi-nodejs::default::/,
    );
  });
});
