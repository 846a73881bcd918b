/**
 * Pulumi's own dynamic-provider integration tests of v3.259.0 (README.md beside this file lists them), on
 * the real CLI. Commands are run as Pulumi's test harness runs them (`up --skip-preview`, `refresh
 * --skip-preview --expect-no-changes`, `destroy --skip-preview`); each test says which assertion of the Go
 * test it makes.
 */
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { ResourceState } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import { mirrorStack, mirrorTimeoutMs, stepsOf } from "./support/mirror";

const DYNAMIC_TYPE = "pulumi-nodejs:dynamic:Resource";
const CUSTOM_TYPE = "pulumi-nodejs:dynamic/custom-provider:CustomResource";

describe("pulumi tests/integration/dynamic/nodejs-read-inputs (TestNodejsDynamicProviderReadInputs)", () => {
  let stack: PulumiStack;
  let up: OperationResult;
  let refresh: OperationResult;
  let preview: OperationResult;
  let refreshed: ResourceState | undefined;
  beforeAll(async () => {
    stack = await mirrorStack("nodejs-read-inputs");
    up = await stack.up({ skipPreview: true });
    refresh = await stack.refresh({ skipPreview: true, expectNoChanges: true });
    refreshed = (await stack.resources()).find((state) => state.type === DYNAMIC_TYPE);
    preview = await stack.preview({ expectNoChanges: true });
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  it("creates the resource and exports its id (require.NotNil resourceId)", () => {
    expect(up.error).toBeUndefined();
    expect(stepsOf(up)).toEqual(["create test"]);
    expect(up.outputs.resourceId).toEqual({ value: "test-resource-id", secret: false });
  });

  it("refreshes with --expect-no-changes, storing the inputs read returned, __provider included", () => {
    expect(refresh.error).toBeUndefined();
    expect(stepsOf(refresh)).toEqual(["refresh test"]);
    expect(refresh.steps.find((step) => step.name === "test")?.diffs).toBeUndefined();
    expect(refreshed?.inputs.value).toBe("hello");
    expect(Object.keys(refreshed?.inputs ?? {})).toContain("__provider");
  });

  it("previews no change after the refresh (the regression pulumi/pulumi#13839 was about)", () => {
    expect(preview.error).toBeUndefined();
    expect(stepsOf(preview)).toEqual(["same test"]);
  });
});

describe("pulumi tests/integration/dynamic/nodejs-error-create (TestErrorCreateDynamicNode)", () => {
  let stack: PulumiStack;
  let up: OperationResult;
  let after: ResourceState[];
  beforeAll(async () => {
    stack = await mirrorStack("nodejs-error-create");
    up = await stack.up({ skipPreview: true });
    after = await stack.resources();
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  const urn = `urn:pulumi:dev::pulumi-error-create::${CUSTOM_TYPE}::resource-name`;

  it("fails the update with a failed create step (the Go test's ResOpFailedEvent with op create)", () => {
    expect(up.exitCode).not.toBe(0);
    const failed = up.steps.filter((step) => step.failed);
    expect(failed.map((step) => [step.op, step.urn])).toEqual([["create", urn]]);
    expect(failed[0]?.done).toBe(false);
  });

  it("reports the create's error on the resource, and keeps nothing of it", () => {
    expect(up.log.find((entry) => entry.severity === "error")).toMatchObject({ message: "boom!", urn });
    expect(after.some((state) => state.urn === urn)).toBe(false);
  });
});

describe("pulumi tests/integration/dynamic/nodejs-resource-type-name (TestCustomResourceTypeNameDynamicNode)", () => {
  let stack: PulumiStack;
  let up: OperationResult;
  let destroy: OperationResult;
  beforeAll(async () => {
    stack = await mirrorStack("nodejs-resource-type-name");
    up = await stack.up({ skipPreview: true });
    destroy = await stack.destroy({ skipPreview: true });
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  it("gives the resource the custom type in its URN (urn.Type() of the urn output)", () => {
    expect(up.error).toBeUndefined();
    expect(String(up.outputs.urn?.value).split("::")[2]).toBe(CUSTOM_TYPE);
    expect(up.steps.find((step) => step.name === "resource-name")?.type).toBe(CUSTOM_TYPE);
    expect(destroy.error).toBeUndefined();
    expect(stepsOf(destroy)).toEqual(["delete resource-name"]);
  });
});

describe("pulumi tests/integration/get_created (TestGetCreated)", () => {
  let stack: PulumiStack;
  const results: Record<"preview" | "up" | "refresh" | "destroy", OperationResult | undefined> = {
    preview: undefined,
    up: undefined,
    refresh: undefined,
    destroy: undefined,
  };
  let afterUp: ResourceState[];
  beforeAll(async () => {
    stack = await mirrorStack("get_created");
    // The preview reads `b` by an id that is not known yet: "reads of unknown IDs do not fail".
    results.preview = await stack.preview();
    results.up = await stack.up({ skipPreview: true });
    afterUp = await stack.resources();
    results.refresh = await stack.refresh({ skipPreview: true, expectNoChanges: true });
    results.destroy = await stack.destroy({ skipPreview: true });
  }, mirrorTimeoutMs);
  afterAll(() => stack?.dispose());

  it("previews, creates a, reads b by a's id, refreshes without changes and destroys, without an error", () => {
    expect(Object.values(results).map((result) => result?.error)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(stepsOf(results.preview)).toEqual(["create a", "read b"]);
    expect(stepsOf(results.up)).toEqual(["create a", "read b"]);
    const b = afterUp.find((state) => state.urn.endsWith("::b"));
    expect(b).toMatchObject({ id: "0", external: true });
    // b was read, not created: destroy drops it from state with a "discard" step (the engine discards an
    // external resource rather than deleting it), where the imitation engine showed a delete.
    expect(stepsOf(results.destroy).sort()).toEqual(["delete a", "discard b"]);
  });
});
