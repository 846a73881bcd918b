import { join } from "node:path";
import { TestStack } from "./index";
import type { OperationResult, ResourceState } from "./index";
import { engineTestTimeoutMs, opsOf, programsDir, stepOf } from "./test-helpers";

describe("test engine: refresh and reads", () => {
  let stack: TestStack;
  let up: OperationResult;
  let refresh: OperationResult;
  let after: ResourceState[];

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "refresh"));
    up = await stack.up();
    refresh = await stack.refresh();
    after = await stack.resources();
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  const state = (name: string): ResourceState | undefined => after.find((s) => s.urn.endsWith(`::${name}`));

  it("reads a resource given an id (Resource.get) instead of creating it", () => {
    expect(up.error).toBeUndefined();
    expect(opsOf(up, "existing")).toEqual(["read"]);
    expect(up.outputs.readValue).toEqual({ value: "theirs", secret: false });
    expect(state("existing")?.external).toBe(true);
    expect(state("existing")?.id).toBe("existing-id");
  });

  it("reports drift as refresh steps with the changed keys and takes the provider's view", () => {
    expect(refresh.error).toBeUndefined();
    expect(stepOf(refresh, "drifts", "refresh").diffs).toEqual(["value"]);
    expect(state("drifts")?.outputs.value).toBe("changed out of band");
    expect(state("drifts")?.inputs.value).toBe("original");
    expect(opsOf(refresh, "steady")).toEqual(["same"]);
    expect(opsOf(refresh, "existing")).toEqual(["same"]);
  });

  it("drops a resource the provider no longer finds", () => {
    expect(opsOf(refresh, "vanishes")).toEqual(["delete"]);
    expect(state("vanishes")).toBeUndefined();
  });
});
