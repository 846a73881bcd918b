/**
 * The real `pulumi` CLI killed while 30 creates are in flight, at the worst moment: the server has made
 * the connectors but their answers were never read. To land there every time, the dynamic provider
 * process is frozen (SIGSTOP) once some creates are answered, the emulator answers those in flight into
 * its sockets (the count of connectors stops moving), and only then is the CLI killed (SIGKILL to its
 * process group), then the frozen provider (the CLI starts it in a process group of its own: see
 * support/kill.ts).
 *
 * The engine (pulumi v3.276.0) writes a pending `creating` operation before each Create and carries pending
 * creates over into every later checkpoint, so the checkpoint names every interrupted create. The killed
 * CLI leaves its lock: the next command stops on it until `pulumi cancel`. The next `up` then warns about
 * the pending creates and, since the provider never adopts a connector silently, stops on a 409 that names
 * each one. The documented recovery converges: `pulumi refresh --clear-pending-creates`, then take the
 * connectors over on purpose with `adoptId` (docs/guides/recovery.md). No
 * duplicate, no orphan.
 */
import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { PendingOperation } from "../../tools/pulumi/state";
import { interruptedMessage, type OperationResult } from "../../tools/pulumi/types";
import { connectorsStack, connectorsInState, stageFaultsProgram } from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { cancel } from "./support/kill";
import { CANCELLED, LOCKED, pendingOperationsWarning } from "./support/pulumi-words";
import { dynamicProviderPids, killAll, waitFor, waitUntilSteady } from "./support/processes";
import { remoteConnectors } from "./support/remote";
import { secretLeaks } from "./support/secret-scan";

const COUNT = 30;
const NAME_PREFIX = "killed";
const CREATE = { method: "POST", route: "/api/v1/integrations" };
/** Every create is in flight at once (`--parallel 30`); their answers spread over 200-1700 ms. */
const CREATE_DELAY = { latencyMs: 200, jitterMs: 1_500 };

describe("the real CLI killed in the middle of 30 creates", () => {
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let emulator: RunningEmulator;
  let stack: PulumiStack;
  const results: Record<string, OperationResult> = {};
  let pendingAfterKill: PendingOperation[];
  let afterKill: ConvergenceReport;
  let inStateAfterKill: number;
  let frozenPids: number[];
  let dir: string | undefined;
  let cancelled: string;
  let pendingAfterBlindUp: PendingOperation[];
  let afterBlindUp: ConvergenceReport;
  let pendingAfterClear: PendingOperation[];
  let adoptedBy: Record<string, string>;
  let converged: ConvergenceReport;
  let postsDuringRecovery: number;
  let missingBeforeRecovery: number;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    const remote = { baseUrl: emulator.url, apiKey: emulator.apiKey };
    const program = { count: COUNT, namePrefix: NAME_PREFIX };
    /** The program's connectors as the service has them, whether state holds them or not. */
    const programConnectors = async () =>
      (await remoteConnectors(remote.baseUrl, remote.apiKey)).filter((connector) =>
        connector.name.startsWith(`${NAME_PREFIX}-`),
      );
    dir = await stageFaultsProgram("connectors", "faults-cli-killed");
    stack = await connectorsStack(dir, { ...remote, ...program, clientSecret, parallel: COUNT });

    emulator.setFaults({ ...CREATE_DELAY, match: [`${CREATE.method} ${CREATE.route}`] });
    const kill = new AbortController();
    const up = stack.up({ skipPreview: true, signal: kill.signal });
    frozenPids = [];
    try {
      await waitFor("10 answered creates", () => emulator.requestLog.count(CREATE) >= 10);
      frozenPids = dynamicProviderPids(dir);
      for (const pid of frozenPids) process.kill(pid, "SIGSTOP");
      await waitUntilSteady(
        "the connectors made while the provider is frozen",
        async () => (await programConnectors()).length,
      );
    } finally {
      kill.abort();
    }
    results.interrupted = await up;
    killAll(frozenPids);
    emulator.clearFaults();
    pendingAfterKill = await stack.pendingOperations();
    afterKill = await convergenceOf(stack, remote, program);
    inStateAfterKill = (await connectorsInState(stack)).length;

    // What a user does first: run `up` again. It stops on the lock; `pulumi cancel` removes it. The next
    // `up` warns about the pending creates and stops on a 409.
    results.locked = await stack.up({ skipPreview: true });
    cancelled = await cancel(stack);
    results.blindUp = await stack.up({ skipPreview: true });
    pendingAfterBlindUp = await stack.pendingOperations();
    afterBlindUp = await convergenceOf(stack, remote, program);

    // The documented recovery.
    results.cleared = await stack.refresh({ clearPendingCreates: true });
    pendingAfterClear = await stack.pendingOperations();
    const managed = new Set((await connectorsInState(stack)).map((entry) => entry.id));
    adoptedBy = Object.fromEntries(
      (await programConnectors())
        .filter((connector) => !managed.has(connector.id))
        .map((connector) => [connector.name, connector.id]),
    );
    await stack.setConfig("adopt", JSON.stringify(adoptedBy));
    missingBeforeRecovery = (await convergenceOf(stack, remote, program)).missingNames.length;
    const postsBefore = emulator.requestLog.count(CREATE);
    results.recovered = await stack.up({ skipPreview: true });
    postsDuringRecovery = emulator.requestLog.count(CREATE) - postsBefore;
    converged = await convergenceOf(stack, remote, program);
  }, 240_000);

  afterAll(async () => {
    // A provider frozen by a run that failed before the kill would otherwise outlive the tests.
    killAll(dir ? dynamicProviderPids(dir) : []);
    await stack?.dispose();
    await emulator?.close();
  });

  it("froze exactly one provider process, and the killed up reports the interruption", () => {
    expect(frozenPids).toHaveLength(1);
    expect(results.interrupted?.error).toBe(interruptedMessage);
  });

  it("left connectors remotely that state does not hold, each named by a pending create", () => {
    expect(inStateAfterKill).toBeGreaterThan(0);
    expect(inStateAfterKill).toBeLessThan(COUNT);
    expect(afterKill.orphans.length).toBeGreaterThan(0);
    expect(afterKill.duplicateNames).toEqual([]);
    // Every create that reached the server and was not recorded is pending (some pending ones never did).
    const pendingNames = pendingAfterKill.map(
      (operation) => `${operation.type} ${String(operation.resource.inputs.name)}`,
    );
    for (const orphan of afterKill.orphans)
      expect(pendingNames).toContain(`creating ${orphan.split(" ")[0]}`);
    console.log(
      `faults/cli-killed: after the kill ${inStateAfterKill} of ${COUNT} in state, ` +
        `${pendingAfterKill.length} pending creates, ${afterKill.orphans.length} orphans; ` +
        `${Object.keys(adoptedBy).length} adopted, ${postsDuringRecovery} POSTs in the recovery`,
    );
  });

  it("the next command stops on the killed CLI's lock until `pulumi cancel`", () => {
    expect(results.locked?.exitCode).not.toBe(0);
    expect(results.locked?.output).toContain(LOCKED);
    expect(cancelled).toContain(CANCELLED("dev"));
  });

  it("the next up warns in the CLI's words, adopts nothing silently: a 409 names the connector, no duplicate", () => {
    const blindUp = results.blindUp as OperationResult;
    // The warning lists the checkpoint's pending operations in its order.
    const warning = pendingOperationsWarning(
      pendingAfterKill.map((operation) => ({ urn: operation.resource.urn, type: operation.type })),
    );
    expect(blindUp.log.filter((entry) => entry.severity === "warning").map((entry) => entry.message)).toEqual(
      [warning],
    );
    expect(blindUp.output).toContain(
      `warning: Attempting to deploy or update resources with ${pendingAfterKill.length} pending operations`,
    );
    expect(blindUp.error).toMatch(/The name "killed-\d+" is already used by connector \S+/);
    expect(afterBlindUp.duplicateNames).toEqual([]);
    // A failed up keeps every pending create: they wait for the user.
    expect(pendingAfterBlindUp.map((op) => op.resource.urn).sort()).toEqual(
      pendingAfterKill.map((op) => op.resource.urn).sort(),
    );
  });

  it("refresh --clear-pending-creates clears them", () => {
    expect(results.cleared?.error).toBeUndefined();
    expect(pendingAfterClear).toEqual([]);
  });

  it("adoptId takes each interrupted create over: converged, no duplicate, no orphan", () => {
    expect(Object.keys(adoptedBy).length).toBeGreaterThan(0);
    expect(results.recovered?.error).toBeUndefined();
    // POSTs only for the names no connector had yet, never one over an adopted connector.
    expect(postsDuringRecovery).toBe(missingBeforeRecovery);
    expect(converged).toEqual(CONVERGED(COUNT));
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(stack, results, { apiKey: emulator.apiKey, clientSecret });
    expect(leaks).toEqual([]);
  });
});
