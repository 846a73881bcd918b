/**
 * `up --replace`, `protect`, `retainOnDelete` and `aliases`, as pulumi/pulumi
 * pkg/resource/deploy/step_generator.go (diff, continueStepsFromDiff) and step.go (DeleteStep.Apply) do them.
 */
import type { TestStack } from "./index";
import { deleteProtectedMessage, replaceProtectedMessage } from "./diagnostics";
import { engineTestTimeoutMs, opsOf, phasedScenario, stepOf } from "./test-helpers";

describe("test engine: targeted replacement, protect, retainOnDelete, aliases", () => {
  const { calls, results, run, urnOf, stateOf, start, dispose } = phasedScenario("options");
  let stack: TestStack;

  beforeAll(async () => {
    stack = await start();
    await run("first", () => stack.up());
    await run("replace", () =>
      stack.up({ replace: [urnOf("plain"), urnOf("dbr-provider"), urnOf("dbr-option")] }),
    );
    await run("replaceProtected", () => stack.up({ replace: [urnOf("protected")] }));
    stack.setConfig("phase", "2");
    await run("renameAndDrop", () => stack.up());
    stack.setConfig("phase", "3");
    await run("dropProtected", () => stack.up());
  }, engineTestTimeoutMs);

  afterAll(dispose);

  const idOf = (label: string, name: string): string | undefined => stateOf(label, name)?.id;

  it("replaces a resource named by --replace although nothing changed, without asking its diff", () => {
    expect(results.first?.error).toBeUndefined();
    expect(results.replace?.error).toBeUndefined();
    expect(opsOf(results.replace!, "plain")).toEqual(["create-replacement", "replace", "delete-replaced"]);
    expect(stepOf(results.replace!, "plain", "replace").replaces).toEqual(["id"]);
    expect(calls.replace).not.toContain("null:diff:plain");
    expect(idOf("replace", "plain")).not.toBe(idOf("first", "plain"));
  });

  it("replaces create-first even when the provider's diff would ask for delete-first (it is not asked)", () => {
    expect(opsOf(results.replace!, "dbr-provider")).toEqual([
      "create-replacement",
      "replace",
      "delete-replaced",
    ]);
    const order = calls.replace!;
    expect(order.indexOf("null:create:dbr-provider")).toBeLessThan(order.indexOf("null:delete:dbr-provider"));
  });

  it("replaces delete-first when the deleteBeforeReplace option says so", () => {
    expect(opsOf(results.replace!, "dbr-option")).toEqual([
      "delete-replaced",
      "replace",
      "create-replacement",
    ]);
    const order = calls.replace!;
    expect(order.indexOf("null:delete:dbr-option")).toBeLessThan(order.indexOf("null:create:dbr-option"));
  });

  it("refuses to replace a protected resource before any provider call, in the CLI's words", () => {
    expect(results.replaceProtected?.error).toBe(replaceProtectedMessage(urnOf("protected")));
    expect(calls.replaceProtected).not.toContain("null:create:protected");
    expect(calls.replaceProtected).not.toContain("null:delete:protected");
    expect(idOf("replaceProtected", "protected")).toBe(idOf("first", "protected"));
    expect(stateOf("first", "protected")?.protect).toBe(true);
  });

  it("drops a retainOnDelete resource from state without calling Delete", () => {
    expect(results.renameAndDrop?.error).toBeUndefined();
    expect(opsOf(results.renameAndDrop!, "retained")).toEqual(["delete"]);
    expect(calls.renameAndDrop).not.toContain("null:delete:retained");
    expect(idOf("renameAndDrop", "retained")).toBeUndefined();
  });

  it("moves a renamed resource to its new URN through its alias: no create, no delete", () => {
    expect(opsOf(results.renameAndDrop!, "new-name")).toEqual(["same"]);
    expect(opsOf(results.renameAndDrop!, "old-name")).toEqual([]);
    expect(calls.renameAndDrop?.filter((call) => call.endsWith(":renamed"))).toEqual([
      "null:check:renamed",
      "null:diff:renamed",
    ]);
    expect(idOf("renameAndDrop", "new-name")).toBe(idOf("first", "old-name"));
    expect(idOf("renameAndDrop", "old-name")).toBeUndefined();
  });

  it("refuses to delete a protected resource removed from the program, before any provider call", () => {
    expect(results.dropProtected?.error).toBe(deleteProtectedMessage(urnOf("protected")));
    expect(calls.dropProtected).not.toContain("null:delete:protected");
    expect(idOf("dropProtected", "protected")).toBe(idOf("first", "protected"));
  });
});
