/**
 * Pulumi's own dynamic-provider integration tests, rewritten as small programs and run through this
 * engine (pulumi/pulumi tests/integration/integration_nodejs_test.go): TestNodejsDynamicProviderReadInputs,
 * TestErrorCreateDynamicNode, TestCustomResourceTypeNameDynamicNode, TestGetCreated. Each runs the
 * Quick ProgramTest lifecycle where it applies: up, `refresh --expect-no-changes`, destroy.
 */
import { join } from "node:path";
import { TestStack } from "./index";
import type { OperationResult, ResourceState } from "./index";
import { stepsOf } from "./pulumi-mirror";
import { engineTestTimeoutMs, programsDir } from "./test-helpers";

describe("pulumi tests/integration/dynamic/nodejs-read-inputs (TestNodejsDynamicProviderReadInputs)", () => {
  let stack: TestStack;
  let up: OperationResult;
  let refresh: OperationResult;
  let preview: OperationResult;
  let refreshed: ResourceState | undefined;
  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "nodejs-read-inputs"));
    up = await stack.up();
    refresh = await stack.refresh();
    refreshed = (await stack.resources()).find((state) => state.type === "pulumi-nodejs:dynamic:Resource");
    preview = await stack.preview();
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("creates the resource and exports its id", () => {
    expect(up.error).toBeUndefined();
    expect(up.outputs.resourceId?.value).toBe("test-resource-id");
  });

  it("refreshes with no changes, storing the inputs read returned, __provider included", () => {
    expect(refresh.error).toBeUndefined();
    expect(stepsOf(refresh)).toEqual(["same test"]);
    expect(refreshed?.inputs.value).toBe("hello");
    expect(Object.keys(refreshed?.inputs ?? {})).toContain("__provider");
  });

  it("previews no change after the refresh (the regression pulumi/pulumi#13839 was about)", () => {
    expect(preview.error).toBeUndefined();
    expect(stepsOf(preview)).toEqual(["same test"]);
  });
});

describe("pulumi tests/integration/dynamic/nodejs-error-create (TestErrorCreateDynamicNode)", () => {
  let stack: TestStack;
  let up: OperationResult;
  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "nodejs-error-create"));
    up = await stack.up();
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("fails the update with the create's error, on the resource, and keeps nothing of it", async () => {
    expect(up.error).toBe("boom!");
    const failure = up.log.find((entry) => entry.severity === "error");
    expect(failure?.urn).toBe(
      "urn:pulumi:dev::pulumi-error-create::pulumi-nodejs:dynamic/custom-provider:CustomResource::resource-name",
    );
    expect(stepsOf(up)).toEqual([]);
    expect((await stack.resources()).some((state) => state.urn.endsWith("::resource-name"))).toBe(false);
  });
});

describe("pulumi tests/integration/dynamic/nodejs-resource-type-name (TestCustomResourceTypeNameDynamicNode)", () => {
  let stack: TestStack;
  let up: OperationResult;
  let destroy: OperationResult;
  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "nodejs-resource-type-name"));
    up = await stack.up();
    destroy = await stack.destroy();
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("gives the resource the custom type in its URN", () => {
    expect(up.error).toBeUndefined();
    const urn = String(up.outputs.urn?.value);
    expect(urn.split("::")[2]).toBe("pulumi-nodejs:dynamic/custom-provider:CustomResource");
    expect(destroy.error).toBeUndefined();
  });
});

describe("pulumi tests/integration/get_created (TestGetCreated)", () => {
  let stack: TestStack;
  const results: OperationResult[] = [];
  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "get_created"));
    // The preview reads `b` by an id that is not known yet: it must not fail.
    results.push(await stack.preview());
    results.push(await stack.up());
    results.push(await stack.refresh());
    results.push(await stack.destroy());
  }, engineTestTimeoutMs);
  afterAll(() => stack.dispose());

  it("previews, creates a, reads b by a's id, refreshes and destroys without an error", () => {
    expect(results.map((result) => result.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(stepsOf(results[1])).toEqual(["create a", "read b"]);
    expect(stepsOf(results[3]).sort()).toEqual(["delete a", "delete b"]);
  });
});
