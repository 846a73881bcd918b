/**
 * A CLI killed mid-operation (the `signal` option) and what the next up and refresh make of the pending
 * operations it left, as pulumi/pulumi does: pkg/backend/snapshot.go (pending operation written before
 * each provider call; only `creating` ones carried on), pkg/resource/deploy/deployment_executor.go
 * (printPendingOperationsWarning), pkg/cmd/pulumi/operations/refresh.go (--clear/--import-pending-creates).
 */
import { join } from "node:path";
import { TestStack, interruptedMessage } from "./index";
import type { OperationResult, PendingOperation, ProviderCall, ResourceState } from "./index";
import { engineTestTimeoutMs, opsOf, programsDir, providerCalls } from "./test-helpers";

const urnOf = (name: string): string =>
  `urn:pulumi:dev::engine-pending::pulumi-nodejs:dynamic:Resource::${name}`;
/** Long enough that an operation which did not kill the provider would visibly wait for it. */
const slowCreateMs = "30000";

/** A stack whose operations can be killed right after a given provider call was sent. */
async function killableStack(): Promise<{
  stack: TestStack;
  killAfter: (method: ProviderCall["method"], name: string) => AbortSignal;
}> {
  let trigger: { method: string; urn: string; controller: AbortController } | undefined;
  const stack = await TestStack.create(join(programsDir, "pending"), {
    config: { phase: "1", slowDelayMs: slowCreateMs },
    onProviderCall: (call) => {
      if (trigger && call.method === trigger.method && call.urn === trigger.urn) trigger.controller.abort();
    },
  });
  const killAfter = (method: ProviderCall["method"], name: string): AbortSignal => {
    const controller = new AbortController();
    trigger = { method, urn: urnOf(name), controller };
    return controller.signal;
  };
  return { stack, killAfter };
}

const summary = (operations: PendingOperation[]): string[] =>
  operations.map((operation) => `${operation.type} ${operation.resource.urn.split("::").at(-1)}`);
const names = (states: ResourceState[]): string[] =>
  states.filter((s) => s.type.startsWith("pulumi-nodejs:dynamic")).map((s) => s.urn.split("::").at(-1) ?? "");

describe("test engine: pending operations left by a killed CLI", () => {
  let stack: TestStack;
  let killedCreate: OperationResult;
  let afterKilledCreate: { pending: PendingOperation[]; resources: ResourceState[] };
  let callsAfterKill: string[];
  let upAfterCreate: OperationResult;
  let pendingAfterUp: PendingOperation[];
  let cleared: OperationResult;
  let pendingAfterClear: PendingOperation[];
  let killedUpdate: OperationResult;
  let pendingAfterKilledUpdate: PendingOperation[];
  let upAfterUpdate: OperationResult;
  let pendingAfterUpdateUp: PendingOperation[];
  let killedDestroy: OperationResult;
  let pendingAfterKilledDestroy: PendingOperation[];
  let callsDuringKilledDestroy: string[];
  let upRefreshAfterDestroy: OperationResult;
  let afterRefresh: { pending: PendingOperation[]; resources: ResourceState[] };

  beforeAll(async () => {
    const killable = await killableStack();
    stack = killable.stack;
    killedCreate = await stack.up({ signal: killable.killAfter("create", "slow") });
    afterKilledCreate = { pending: await stack.pendingOperations(), resources: await stack.resources() };
    callsAfterKill = providerCalls(stack.providerOutput());
    stack.setConfig("slowDelayMs", "0");
    upAfterCreate = await stack.up();
    pendingAfterUp = await stack.pendingOperations();
    cleared = await stack.refresh({ clearPendingCreates: true });
    pendingAfterClear = await stack.pendingOperations();
    stack.setConfig("phase", "2");
    killedUpdate = await stack.up({ signal: killable.killAfter("update", "a") });
    pendingAfterKilledUpdate = await stack.pendingOperations();
    upAfterUpdate = await stack.up();
    pendingAfterUpdateUp = await stack.pendingOperations();
    const callsBeforeDestroy = providerCalls(stack.providerOutput()).length;
    killedDestroy = await stack.destroy({ signal: killable.killAfter("delete", "slow") });
    callsDuringKilledDestroy = providerCalls(stack.providerOutput()).slice(callsBeforeDestroy);
    pendingAfterKilledDestroy = await stack.pendingOperations();
    upRefreshAfterDestroy = await stack.up({ refresh: true });
    afterRefresh = { pending: await stack.pendingOperations(), resources: await stack.resources() };
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  it("leaves a pending creating operation when killed after Create was sent, and stops at once", () => {
    expect(killedCreate.error).toBe(interruptedMessage);
    expect(summary(afterKilledCreate.pending)).toEqual(["creating slow"]);
    // The operation is the resource as it was about to be created: inputs, no id.
    expect(afterKilledCreate.pending[0]?.resource.id).toBeUndefined();
    expect(afterKilledCreate.pending[0]?.resource.inputs.label).toBe("slow");
    // `a` was created before, and its state was written then.
    expect(names(afterKilledCreate.resources)).toEqual(["a"]);
    // The provider was killed: the 30 s create never finished, and the operation did not wait for it.
    expect(callsAfterKill).not.toContain("null:create-end:slow");
    expect(killedCreate.durationMs).toBeLessThan(Number(slowCreateMs));
  });

  it("warns on the next up in the CLI's words, creates the resource anew, and keeps the pending create", () => {
    expect(upAfterCreate.error).toBeUndefined();
    const warnings = upAfterCreate.log.filter((entry) => entry.severity === "warning").map((e) => e.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "Attempting to deploy or update resources with 1 pending operations from previous deployment.\n" +
        `  * ${urnOf("slow")}, interrupted while creating\n`,
    );
    expect(warnings[0]).toContain(
      "`pulumi refresh` will need to be run interactively to clear pending CREATE",
    );
    expect(opsOf(upAfterCreate, "slow")).toEqual(["create"]);
    expect(summary(pendingAfterUp)).toEqual(["creating slow"]);
  });

  it("drops pending creates on refresh --clear-pending-creates", () => {
    expect(cleared.error).toBeUndefined();
    expect(pendingAfterClear).toEqual([]);
  });

  it("leaves a pending updating operation when killed after Update was sent; the next up warns and drops it", () => {
    expect(killedUpdate.error).toBe(interruptedMessage);
    expect(summary(pendingAfterKilledUpdate)).toEqual(["updating a"]);
    expect(pendingAfterKilledUpdate[0]?.resource.inputs.value).toBe("v2");
    const warning = upAfterUpdate.log.find((entry) => entry.severity === "warning")?.message;
    expect(warning).toContain(`  * ${urnOf("a")}, interrupted while updating\n`);
    expect(opsOf(upAfterUpdate, "a")).toEqual(["update"]);
    expect(pendingAfterUpdateUp).toEqual([]);
  });
  it("leaves a pending deleting operation when killed after Delete was sent; up --refresh drops it, unwarned", () => {
    expect(killedDestroy.error).toBe(interruptedMessage);
    expect(summary(pendingAfterKilledDestroy)).toEqual(["deleting slow"]);
    // The provider died with the CLI: `a`, due after `slow`, was never deleted.
    expect(callsDuringKilledDestroy).not.toContain("null:delete:a");
    expect(upRefreshAfterDestroy.error).toBeUndefined();
    // deploymentExecutor.Execute warns only when it does not refresh first.
    expect(upRefreshAfterDestroy.log.filter((entry) => entry.severity === "warning")).toEqual([]);
    // The refresh's steps come first, then the program's.
    expect(opsOf(upRefreshAfterDestroy, "slow")).toEqual(["same", "same"]);
    expect(afterRefresh.pending).toEqual([]);
    // The provider still finds it (the killed Delete never finished): it stays in state.
    expect(names(afterRefresh.resources)).toEqual(["a", "slow"]);
  });
});

describe("test engine: refresh --import-pending-creates", () => {
  let stack: TestStack;
  let edited: PendingOperation[];
  let afterRefresh: { pending: PendingOperation[]; resources: ResourceState[] };
  let up: OperationResult;

  beforeAll(async () => {
    const killable = await killableStack();
    stack = killable.stack;
    await stack.up({ signal: killable.killAfter("create", "slow") });
    // Killed at its first Read, the refresh shows the state edit the CLI wrote before refreshing.
    await stack.refresh({
      importPendingCreates: [{ urn: urnOf("slow"), id: "slow-made-by-hand" }],
      signal: killable.killAfter("read", "a"),
    });
    edited = await stack.pendingOperations();
    await stack.refresh();
    afterRefresh = { pending: await stack.pendingOperations(), resources: await stack.resources() };
    stack.setConfig("slowDelayMs", "0");
    up = await stack.up();
  }, engineTestTimeoutMs);

  afterAll(() => stack.dispose());

  it("turns the pending create into an importing operation with the given id, written before refreshing", () => {
    expect(summary(edited)).toEqual(["importing slow"]);
    expect(edited[0]?.resource.id).toBe("slow-made-by-hand");
  });

  it("then drops it without adding the resource to state, as the real engine does; the next up creates it again", () => {
    expect(afterRefresh.pending).toEqual([]);
    expect(names(afterRefresh.resources)).toEqual(["a"]);
    expect(up.error).toBeUndefined();
    expect(opsOf(up, "slow")).toEqual(["create"]);
  });
});
