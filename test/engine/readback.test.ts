/**
 * Inputs a refresh's Read returns (RefreshStep.Apply keeps them), nested `ignoreChanges` paths, and
 * partial creates: kept with their initErrors, retried by an empty update (continueStepsFromDiff), and
 * deleted/refreshed only through the `__provider` stored in their outputs (DeleteStep/RefreshStep pass the
 * old outputs to the provider), in pulumi/pulumi pkg/resource/deploy.
 */
import type { TestStack } from "./index";
import { engineTestTimeoutMs, opsOf, phasedScenario, stepOf } from "./test-helpers";

describe("test engine: read inputs, nested ignoreChanges, partial creates", () => {
  const { calls, results, run, urnOf, stateOf, start, dispose } = phasedScenario("readback");
  let stack: TestStack;

  beforeAll(async () => {
    stack = await start();
    await run("first", () => stack.up());
    await run("refresh", () => stack.refresh());
    stack.setConfig("phase", "2");
    await run("second", () => stack.up());
    stack.setConfig("withPartial", "1");
    await run("partial", () => stack.up());
    await run("retry", () => stack.up());
    stack.setConfig("withBare", "1");
    await run("bare", () => stack.up());
    await run("refreshBare", () => stack.refresh());
    await run("destroyBare", () => stack.destroy());
    stack.setConfig("withBare", "");
    stack.setConfig("withPartial", "");
    await run("removeBare", () => stack.up());
  }, engineTestTimeoutMs);

  afterAll(dispose);

  it("stores the inputs a Read returned, __provider kept", () => {
    expect(results.refresh?.error).toBeUndefined();
    expect(stateOf("first", "drift")?.inputs.value).toBe("v1");
    expect(stateOf("refresh", "drift")?.inputs.value).toBe("from-read");
    expect(stateOf("refresh", "drift")?.inputs.__provider).toBe(stateOf("first", "drift")?.inputs.__provider);
  });

  it("diffs the program's inputs against the inputs the Read returned", () => {
    expect(results.second?.error).toBeUndefined();
    expect(opsOf(results.second!, "drift")).toEqual(["update"]);
    expect(stepOf(results.second!, "drift", "update").diffs).toEqual(["value"]);
    expect(stateOf("second", "drift")?.inputs.value).toBe("v1");
  });

  it("keeps an ignored property at the value the Read returned", () => {
    expect(opsOf(results.second!, "drift-ignored")).toEqual(["same"]);
    expect(stateOf("second", "drift-ignored")?.inputs.value).toBe("from-read");
  });

  it("ignores a nested path only: authConfig.client_id stays, authConfig.client_secret changes", () => {
    expect(opsOf(results.second!, "nested")).toEqual(["update"]);
    expect(stateOf("second", "nested")?.inputs.authConfig).toEqual({
      client_id: "id-1",
      client_secret: "secret-2",
    });
  });

  it("keeps a partially created resource with its initErrors, then retries it with an empty update", () => {
    expect(results.partial?.error).toBe("partial was created but did not initialise");
    expect(stateOf("partial", "partial")?.initErrors).toEqual(["initialisation timed out"]);
    expect(results.retry?.error).toBeUndefined();
    expect(opsOf(results.retry!, "partial")).toEqual(["update"]);
    expect(calls.retry).toContain("null:update:partial");
    expect(stateOf("retry", "partial")?.initErrors).toBeUndefined();
  });

  it("refreshes, destroys and deletes a removed partial create only through the __provider stored in its outputs", () => {
    const bare = stateOf("bare", "bare");
    expect(bare?.initErrors).toEqual(["initialisation timed out"]);
    expect(bare?.outputs).toEqual({ label: "bare" });
    expect(results.refreshBare?.error).toBeDefined();
    expect(results.refreshBare?.log.find((entry) => entry.severity === "error")?.urn).toBe(urnOf("bare"));
    expect(calls.refreshBare).not.toContain("null:read:bare");
    expect(results.destroyBare?.error).toBeDefined();
    expect(calls.destroyBare).not.toContain("null:delete:bare");
    expect(stateOf("destroyBare", "bare")?.id).toBe(bare?.id);
    expect(results.removeBare?.error).toBeDefined();
    expect(results.removeBare?.log.find((entry) => entry.severity === "error")?.urn).toBe(urnOf("bare"));
    expect(calls.removeBare).not.toContain("null:delete:bare");
    expect(stateOf("removeBare", "bare")?.id).toBe(bare?.id);
  });
});
