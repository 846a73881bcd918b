/**
 * The real CLI killed after an Update and after a Delete of a connector reached the server (which carried
 * them out and answered), before the answers were read, and what the next commands make of the pending
 * operations it left.
 *
 * pulumi v3.276.0, the file backend: the engine writes a pending `updating` or `deleting` operation to the
 * checkpoint before the provider is called and removes it when the step ends; a new checkpoint carries over
 * only the base snapshot's `creating` operations, so pending updates and deletes vanish with the next
 * checkpoint written. An update warns about them at its start, unless it refreshes first (`up --refresh`).
 * The killed CLI also leaves its lock: the next command stops on it until `pulumi cancel`.
 */
import { randomBytes } from "node:crypto";
import { ApiClient, type ConnectorRecord } from "../../src/client";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { PendingOperation, ResourceState } from "../../tools/pulumi/state";
import { interruptedMessage, type OperationResult } from "../../tools/pulumi/types";
import { CONNECTOR_TYPE, connectorsStack, stageFaultsProgram } from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { cancel, killAfterAnswer, type KilledRun } from "./support/kill";
import { CANCELLED, LOCKED, pendingOperationsWarning } from "./support/pulumi-words";
import { dynamicProviderPids, killAll } from "./support/processes";
import { missingRemotely } from "./support/remote";
import { secretLeaks } from "./support/secret-scan";

const NAME_PREFIX = "pending";
const PATCH = { method: "PATCH", route: "/api/v1/integrations/:integrationId" };
const DELETE = { method: "DELETE", route: "/api/v1/integrations/:integrationId" };
const POST = { method: "POST", route: "/api/v1/integrations" };

const summary = (operations: PendingOperation[]): string[] =>
  operations.map((operation) => `${operation.type} ${operation.resource.urn.split("::").at(-1)}`);
const connectorNamed = (resources: ResourceState[], name: string): ResourceState | undefined =>
  resources.find((resource) => resource.type === CONNECTOR_TYPE && resource.urn.endsWith(`::${name}`));
const warningsOf = (result: OperationResult): string[] =>
  result.log.filter((entry) => entry.severity === "warning").map((entry) => entry.message);
const opsOf = (result: OperationResult, name: string): string[] =>
  result.steps.filter((step) => step.name === name).map((step) => step.op);

describe("pending updates and deletes left by a killed CLI, on real connectors", () => {
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let emulator: RunningEmulator;
  let client: ApiClient;
  let dir: string;
  let stack: PulumiStack;
  const results: Record<string, OperationResult> = {};
  let id0: string;
  let id1: string;

  let killedUpdate: KilledRun;
  let afterKilledUpdate: { pending: PendingOperation[]; resources: ResourceState[]; remote: ConnectorRecord };
  let pendingWhileLocked: PendingOperation[];
  let cancelled: string;
  let patchesInUp: number;
  let afterUpdateUp: { pending: PendingOperation[]; resources: ResourceState[]; remote: ConnectorRecord };

  let killedDelete: KilledRun;
  let afterKilledDelete: { pending: PendingOperation[]; resources: ResourceState[]; goneRemotely: string[] };
  let postsInRefreshUp: number;
  let afterRefreshUp: { pending: PendingOperation[]; resources: ResourceState[] };
  let converged: ConvergenceReport;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    client = new ApiClient({ baseUrl: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 });
    const remote = { baseUrl: emulator.url, apiKey: emulator.apiKey };
    dir = await stageFaultsProgram("connectors", "faults-pending-operations");
    stack = await connectorsStack(dir, { ...remote, count: 2, namePrefix: NAME_PREFIX, clientSecret });
    const snapshot = async () => ({
      pending: await stack.pendingOperations(),
      resources: await stack.resources(),
    });

    results.setup = await stack.up({ skipPreview: true });
    const resources = await stack.resources();
    id0 = connectorNamed(resources, "connector-0")?.id ?? "";
    id1 = connectorNamed(resources, "connector-1")?.id ?? "";

    // Killed after the PATCH that disables connector-0 was answered.
    await stack.setConfig("disabledEvery", "2");
    killedUpdate = await killAfterAnswer(emulator, dir, PATCH, (signal) =>
      stack.up({ skipPreview: true, signal }),
    );
    results.killedUpdate = killedUpdate.result;
    afterKilledUpdate = { ...(await snapshot()), remote: await client.getIntegration(id0) };
    results.locked = await stack.up({ skipPreview: true });
    pendingWhileLocked = await stack.pendingOperations();
    cancelled = await cancel(stack);
    const patchesBefore = emulator.requestLog.count(PATCH);
    results.upAfterUpdate = await stack.up({ skipPreview: true });
    patchesInUp = emulator.requestLog.count(PATCH) - patchesBefore;
    afterUpdateUp = { ...(await snapshot()), remote: await client.getIntegration(id0) };

    // Killed after the DELETE of connector-0 was answered (a targeted destroy, its preview skipped:
    // connector-1 stays).
    killedDelete = await killAfterAnswer(emulator, dir, DELETE, (signal) =>
      stack.command(
        "destroy",
        ["--yes", "--skip-preview", "--target", stack.urn(CONNECTOR_TYPE, "connector-0")],
        { signal },
      ),
    );
    results.killedDelete = killedDelete.result;
    afterKilledDelete = {
      ...(await snapshot()),
      goneRemotely: await missingRemotely(remote.baseUrl, remote.apiKey, [id0, id1]),
    };
    await cancel(stack);
    const postsBefore = emulator.requestLog.count(POST);
    results.refreshUp = await stack.up({ skipPreview: true, refresh: true });
    postsInRefreshUp = emulator.requestLog.count(POST) - postsBefore;
    afterRefreshUp = await snapshot();
    converged = await convergenceOf(stack, remote, { count: 2, namePrefix: NAME_PREFIX });
  }, 240_000);

  afterAll(async () => {
    killAll(dir ? dynamicProviderPids(dir) : []);
    await stack?.dispose();
    client?.close();
    await emulator?.close();
  });

  it("set up two connectors", () => {
    expect(results.setup?.error).toBeUndefined();
    expect([id0, id1].every((id) => id.length > 0)).toBe(true);
  });

  it("killed after the Update was answered: a pending update, the old state, the connector changed remotely", () => {
    expect(killedUpdate.frozenPids).toHaveLength(1);
    expect(killedUpdate.result.error).toBe(interruptedMessage);
    expect(summary(afterKilledUpdate.pending)).toEqual(["updating connector-0"]);
    // The pending operation holds the step's new state as it was before the provider answered: the new
    // inputs, no id yet. The resource keeps its old state.
    expect(afterKilledUpdate.pending[0]?.resource.inputs.enabled).toBe(false);
    expect(afterKilledUpdate.pending[0]?.resource.id).toBeUndefined();
    const inState = connectorNamed(afterKilledUpdate.resources, "connector-0");
    expect(inState?.id).toBe(id0);
    expect(inState?.outputs.enabled).toBe(true);
    expect(afterKilledUpdate.remote.enabled).toBe(false);
  });

  it("the next command stops on the killed CLI's lock until `pulumi cancel`", () => {
    expect(results.locked?.exitCode).not.toBe(0);
    expect(results.locked?.output).toContain(LOCKED);
    expect(results.locked?.steps).toEqual([]);
    expect(summary(pendingWhileLocked)).toEqual(["updating connector-0"]);
    expect(cancelled).toContain(CANCELLED("dev"));
  });

  it("the next up warns in the CLI's words, updates again and drops the pending update", () => {
    const result = results.upAfterUpdate as OperationResult;
    expect(result.error).toBeUndefined();
    const warning = pendingOperationsWarning([
      { urn: stack.urn(CONNECTOR_TYPE, "connector-0"), type: "updating" },
    ]);
    expect(warningsOf(result)).toEqual([warning]);
    expect(result.output).toContain(
      "warning: Attempting to deploy or update resources with 1 pending operations from previous deployment.",
    );
    // The state still said enabled: true, so the engine diffs and the provider sends the PATCH again.
    expect(opsOf(result, "connector-0")).toEqual(["update"]);
    expect(patchesInUp).toBe(1);
    expect(afterUpdateUp.pending).toEqual([]);
    expect(connectorNamed(afterUpdateUp.resources, "connector-0")?.outputs.enabled).toBe(false);
    expect(afterUpdateUp.remote).toMatchObject({ id: id0, enabled: false, deleted: false });
  });

  it("killed after the Delete was answered: a pending delete, the resource still in state, the connector gone", () => {
    expect(killedDelete.frozenPids).toHaveLength(1);
    expect(killedDelete.result.error).toBe(interruptedMessage);
    expect(summary(afterKilledDelete.pending)).toEqual(["deleting connector-0"]);
    expect(afterKilledDelete.pending[0]?.resource.id).toBe(id0);
    expect(connectorNamed(afterKilledDelete.resources, "connector-0")?.id).toBe(id0);
    expect(afterKilledDelete.goneRemotely).toEqual([id0]);
  });

  it("up --refresh drops the pending delete unwarned, forgets the gone connector and creates it anew", () => {
    const result = results.refreshUp as OperationResult;
    expect(result.error).toBeUndefined();
    // Execute warns only when it does not refresh first.
    expect(warningsOf(result)).toEqual([]);
    // The refresh's steps come first (the connector is not found: it leaves the state), then the program's.
    expect(opsOf(result, "connector-0")).toEqual(["refresh", "create"]);
    expect(opsOf(result, "connector-1")).toEqual(["refresh", "same"]);
    expect(postsInRefreshUp).toBe(1);
    expect(afterRefreshUp.pending).toEqual([]);
    const recreated = connectorNamed(afterRefreshUp.resources, "connector-0")?.id;
    expect(recreated).not.toBe(id0);
    expect(connectorNamed(afterRefreshUp.resources, "connector-1")?.id).toBe(id1);
    expect(converged).toEqual(CONVERGED(2));
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(stack, results, { apiKey: emulator.apiKey, clientSecret });
    expect(leaks).toEqual([]);
  });
});
