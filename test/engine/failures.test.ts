import { join } from "node:path";
import { TestStack } from "./index";
import type { OperationResult, ResourceState } from "./index";
import { engineTestTimeoutMs, opsOf, programsDir, providerCalls } from "./test-helpers";

const token = "tok-test-not-real-9b2e";
/**
 * The SDK's slow error path (what an ordinary gRPC error from the monitor triggers) takes ~60 s on an
 * idle machine; the engine's answer takes 2-5 s. The bound leaves room for a loaded machine; that the
 * program logged no error of its own is the exact check that the fast path was taken.
 */
const quickMs = 45_000;

describe("test engine: failures", () => {
  let stack: TestStack;
  let partial: OperationResult;
  let afterPartial: ResourceState[];
  let check: OperationResult;
  let afterCheck: ResourceState[];
  let thrown: OperationResult;
  let afterThrow: ResourceState[];

  beforeAll(async () => {
    stack = await TestStack.create(join(programsDir, "failures"), {
      config: { mode: "partial" },
      secrets: { token },
    });
    partial = await stack.up();
    afterPartial = await stack.resources();
    stack.setConfig("mode", "check");
    check = await stack.up();
    afterCheck = await stack.resources();
    stack.setConfig("mode", "throw");
    thrown = await stack.up();
    afterThrow = await stack.resources();
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  const names = (states: ResourceState[]): string[] =>
    states
      .filter((s) => s.custom && s.type !== "pulumi:providers:pulumi-nodejs")
      .map((s) => s.urn.split("::").at(-1) ?? "");

  it("keeps a partially created resource in state, with its id and why it failed", () => {
    expect(partial.error).toContain("b was created but did not initialise");
    const b = afterPartial.find((s) => s.urn.endsWith("::b"));
    expect(b?.id).toMatch(/^b-/);
    expect(b?.initErrors).toEqual(["initialisation timed out"]);
    expect(b?.outputs.computed).toBe("computed-b-b");
  });

  it("stops at a failed step, quickly, keeping what was done before it", () => {
    expect(partial.durationMs).toBeLessThan(quickMs);
    expect(opsOf(partial, "a")).toEqual(["create"]);
    expect(opsOf(partial, "c")).toEqual([]);
    expect(providerCalls(stack.providerOutput())).not.toContain("null:create:c");
    expect(names(afterPartial).sort()).toEqual(["a", "b"]);
    expect(partial.log.filter((entry) => entry.severity === "error")).toEqual([
      {
        severity: "error",
        message: "b was created but did not initialise",
        urn: "urn:pulumi:dev::engine-failures::pulumi-nodejs:dynamic:Resource::b",
      },
    ]);
  });

  it("reports CheckFailures in the CLI's words, secrets masked, and deletes nothing", () => {
    expect(check.durationMs).toBeLessThan(quickMs);
    const messages = check.log.filter((entry) => entry.severity === "error").map((entry) => entry.message);
    expect(messages).toEqual([
      "pulumi-nodejs:dynamic:Resource resource 's's property 'secretValue' value [secret] has a problem: must not be empty",
      "pulumi-nodejs:dynamic:Resource resource 's's property 'value' value {short} has a problem: must be longer",
    ]);
    expect(check.error).toBe(messages.join("\n"));
    expect(JSON.stringify(check)).not.toContain(token);
    // b is no longer in the program, but a failed deployment deletes nothing.
    expect(names(afterCheck).sort()).toEqual(["a", "b"]);
  });

  it("surfaces a program error quickly and leaves state alone", () => {
    expect(thrown.error).toContain("boom from the program");
    expect(thrown.durationMs).toBeLessThan(quickMs);
    expect(thrown.steps.map((step) => `${step.op} ${step.name}`)).toEqual(["same engine-failures-dev"]);
    expect(names(afterThrow).sort()).toEqual(["a", "b"]);
  });
});
