/**
 * One connector's create interrupted after the server made it, two ways, on the real CLI: the CLI killed
 * (a pending CREATE stays in the checkpoint), and only the provider process killed (the CLI carries on).
 * What README "Recovering from an interrupted create" says about them, checked:
 *
 * - `pulumi refresh --import-pending-creates <urn> --import-pending-creates <id>` does NOT bring the
 *   connector into the stack at v3.276.0. The CLI rewrites the pending CREATE as a pending `importing`
 *   operation carrying the id, then runs the refresh, whose checkpoint carries over only `creating`
 *   operations: the import is dropped, nothing in the engine consumes it, and the next `up` creates the
 *   connector again (a 409 naming it, as no pending operation is left to warn about).
 * - The documented recovery, `adoptId`, takes the connector over: no new connector, nothing orphaned.
 * - When the provider process dies instead, the Create fails ("error reading from server: EOF") and the
 *   engine removes its pending operation like any ended step, whether or not it succeeded: the connector
 *   exists, nothing records it, and the next `up` stops on the 409 that names it.
 */
import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { IntegrationSummary } from "../../src/client";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { PendingOperation, ResourceState } from "../../tools/pulumi/state";
import type { OperationResult } from "../../tools/pulumi/types";
import {
  CONNECTOR_TYPE,
  connectorsInState,
  connectorsStack,
  stageFaultsProgram,
} from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { cancel, killAfterAnswer, type KilledRun } from "./support/kill";
import { dynamicProviderPids, killAll } from "./support/processes";
import { remoteConnectors } from "./support/remote";
import { secretLeaks } from "./support/secret-scan";

const NAME_PREFIX = "interrupted";
const POST = { method: "POST", route: "/api/v1/integrations" };

const summary = (operations: PendingOperation[]): string[] =>
  operations.map((operation) => `${operation.type} ${operation.resource.urn.split("::").at(-1)}`);
const warningsOf = (result: OperationResult): string[] =>
  result.log.filter((entry) => entry.severity === "warning").map((entry) => entry.message);
const connectorNames = (resources: ResourceState[]): string[] =>
  resources
    .filter((resource) => resource.type === CONNECTOR_TYPE)
    .map((resource) => resource.urn.split("::").at(-1) ?? "")
    .sort();

describe("an interrupted create of one connector: --import-pending-creates, adoptId, a provider killed", () => {
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let emulator: RunningEmulator;
  let dir: string;
  let stack: PulumiStack;
  const results: Record<string, OperationResult> = {};
  const remoteNamed = async (name: string): Promise<IntegrationSummary | undefined> =>
    (await remoteConnectors(emulator.url, emulator.apiKey)).find((connector) => connector.name === name);
  const postsDuring = async (command: () => Promise<OperationResult>): Promise<[OperationResult, number]> => {
    const before = emulator.requestLog.count(POST);
    const result = await command();
    return [result, emulator.requestLog.count(POST) - before];
  };

  let killed: KilledRun;
  let afterKill: { pending: PendingOperation[]; resources: ResourceState[] };
  let made: IntegrationSummary | undefined;
  let afterImport: { pending: PendingOperation[]; resources: ResourceState[] };
  let postsAfterImport: number;
  let postsAdopting: number;
  let adopted: ConvergenceReport;
  let adoptedId: string | undefined;

  let providerKilled: KilledRun;
  let afterProviderKill: { pending: PendingOperation[]; resources: ResourceState[] };
  let madeWithoutProvider: IntegrationSummary | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const remote = { baseUrl: emulator.url, apiKey: emulator.apiKey };
    dir = await stageFaultsProgram("connectors", "faults-interrupted-create");
    stack = await connectorsStack(dir, { ...remote, count: 1, namePrefix: NAME_PREFIX, clientSecret });
    const snapshot = async () => ({
      pending: await stack.pendingOperations(),
      resources: await stack.resources(),
    });
    results.setup = await stack.up({ skipPreview: true });

    // The CLI killed after the POST of connector-1 was answered.
    await stack.setConfig("count", "2");
    killed = await killAfterAnswer(emulator, dir, POST, (signal) => stack.up({ skipPreview: true, signal }));
    results.killed = killed.result;
    afterKill = await snapshot();
    made = await remoteNamed(`${NAME_PREFIX}-1`);
    await cancel(stack);

    results.imported = await stack.refresh({
      importPendingCreates: [{ urn: stack.urn(CONNECTOR_TYPE, "connector-1"), id: made?.id ?? "" }],
    });
    afterImport = await snapshot();
    [results.upAfterImport, postsAfterImport] = await postsDuring(() => stack.up({ skipPreview: true }));

    // The README's recovery: take the connector over on purpose.
    await stack.setConfig("adopt", JSON.stringify({ [`${NAME_PREFIX}-1`]: made?.id }));
    [results.adopted, postsAdopting] = await postsDuring(() => stack.up({ skipPreview: true }));
    adopted = await convergenceOf(stack, remote, { count: 2, namePrefix: NAME_PREFIX });
    adoptedId = (await connectorsInState(stack)).find((entry) => entry.resource === "connector-1")?.id;

    // Only the provider killed after the POST of connector-2 was answered; the CLI lives on.
    await stack.setConfig("count", "3");
    providerKilled = await killAfterAnswer(
      emulator,
      dir,
      POST,
      (signal) => stack.up({ skipPreview: true, signal }),
      { kill: "provider" },
    );
    results.providerKilled = providerKilled.result;
    afterProviderKill = await snapshot();
    madeWithoutProvider = await remoteNamed(`${NAME_PREFIX}-2`);
    results.upAfterProviderKill = await stack.up({ skipPreview: true });
  }, 240_000);

  afterAll(async () => {
    killAll(dir ? dynamicProviderPids(dir) : []);
    await stack?.dispose();
    await emulator?.close();
  });

  it("killed after the server made the connector: a pending CREATE, nothing in state", () => {
    expect(results.setup?.error).toBeUndefined();
    expect(killed.frozenPids).toHaveLength(1);
    expect(summary(afterKill.pending)).toEqual(["creating connector-1"]);
    expect(afterKill.pending[0]?.resource.inputs.name).toBe(`${NAME_PREFIX}-1`);
    expect(connectorNames(afterKill.resources)).toEqual(["connector-0"]);
    expect(made).toBeDefined();
  });

  it("refresh --import-pending-creates drops the pending CREATE without taking the connector into state", () => {
    const result = results.imported as OperationResult;
    expect(result.error).toBeUndefined();
    // The URN matched the pending create: no "did not correspond to a pending create" warning.
    expect(result.output).not.toContain("did not correspond to a pending create");
    expect(afterImport.pending).toEqual([]);
    expect(connectorNames(afterImport.resources)).toEqual(["connector-0"]);
    expect(afterImport.resources.some((resource) => resource.id === made?.id)).toBe(false);
  });

  it("so the next up creates it again: no pending operation to warn about, a 409 naming the connector", () => {
    const result = results.upAfterImport as OperationResult;
    expect(result.error).toContain(`The name "${NAME_PREFIX}-1" is already used by connector ${made?.id}`);
    expect(warningsOf(result)).toEqual([]);
    expect(postsAfterImport).toBe(1);
  });

  it("adoptId takes it over: no new connector, no duplicate, no orphan", () => {
    expect(results.adopted?.error).toBeUndefined();
    expect(postsAdopting).toBe(0);
    expect(adoptedId).toBe(made?.id);
    expect(adopted).toEqual(CONVERGED(2));
  });

  it("a provider killed after the server made the connector: the create fails, and no pending operation is kept", () => {
    const result = results.providerKilled as OperationResult;
    expect(providerKilled.frozenPids).toHaveLength(1);
    expect(result.exitCode).not.toBe(0);
    expect(result.error).toContain("error reading from server: EOF");
    expect(afterProviderKill.pending).toEqual([]);
    expect(connectorNames(afterProviderKill.resources)).toEqual(["connector-0", "connector-1"]);
    expect(madeWithoutProvider).toBeDefined();
  });

  it("then the next up stops on the 409 that names the connector, with no pending-operation warning", () => {
    const result = results.upAfterProviderKill as OperationResult;
    expect(result.error).toContain(
      `The name "${NAME_PREFIX}-2" is already used by connector ${madeWithoutProvider?.id}`,
    );
    expect(warningsOf(result)).toEqual([]);
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(stack, results, { apiKey: emulator.apiKey, clientSecret });
    expect(leaks).toEqual([]);
  });
});
