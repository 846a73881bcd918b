/**
 * The CLI is killed while creates are in flight, at the worst moment: the server has made the connectors
 * but their answers were never read. To land there every time, the provider process is frozen (SIGSTOP)
 * once some creates are answered, the emulator answers those in flight into their sockets (the count of
 * connectors stops moving), and only then is the deployment killed (the engine's `signal`: no further
 * checkpoint writes, every process SIGKILLed).
 *
 * The real engine writes a pending `creating` operation before each Create (pulumi/pulumi
 * pkg/backend/snapshot.go, createSnapshotMutation), so the checkpoint names every interrupted create. The
 * provider never adopts a connector silently, so the next `up` stops on a 409 that names each one, and
 * the documented recovery converges: `pulumi refresh --clear-pending-creates`, then take the connectors
 * over on purpose with `adoptId` (README, "Recovering from an interrupted create"). No duplicate, no orphan.
 */
import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import { interruptedMessage } from "../engine";
import type { OperationResult, PendingOperation, TestStack } from "../engine";
import { connectorsStack, connectorsInState, stageFaultsProgram } from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { dynamicProviderPids, waitFor, waitUntilSteady } from "./support/processes";
import { remoteConnectors } from "./support/remote";
import { secretLeaks } from "./support/secret-scan";

const COUNT = 30;
const NAME_PREFIX = "killed";
const CREATE = { method: "POST", route: "/api/v1/integrations" };
/** Every create is in flight at once (`parallel: COUNT`); their answers spread over 200-1700 ms. */
const CREATE_DELAY = { latencyMs: 200, jitterMs: 1_500 };

describe("the CLI killed in the middle of creates", () => {
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let emulator: RunningEmulator;
  let stack: TestStack;
  let interrupted: OperationResult;
  let pendingAfterKill: PendingOperation[];
  let afterKill: ConvergenceReport;
  let inStateAfterKill: number;
  let frozenPids: number[];
  let dir: string | undefined;
  let blindUp: OperationResult;
  let afterBlindUp: ConvergenceReport;
  let cleared: OperationResult;
  let pendingAfterClear: PendingOperation[];
  let adoptedBy: Record<string, string>;
  let recovered: OperationResult;
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
    const up = stack.up({ signal: kill.signal });
    await waitFor("10 answered creates", () => emulator.requestLog.count(CREATE) >= 10);
    frozenPids = dynamicProviderPids(dir);
    for (const pid of frozenPids) process.kill(pid, "SIGSTOP");
    await waitUntilSteady(
      "the connectors made while the provider is frozen",
      async () => (await programConnectors()).length,
    );
    kill.abort();
    interrupted = await up;
    emulator.clearFaults();
    pendingAfterKill = await stack.pendingOperations();
    afterKill = await convergenceOf(stack, remote, program);
    inStateAfterKill = (await connectorsInState(stack)).length;

    // What a user does first: run `up` again. It warns about the pending creates and stops on a 409.
    blindUp = await stack.up();
    afterBlindUp = await convergenceOf(stack, remote, program);

    // The documented recovery.
    cleared = await stack.refresh({ clearPendingCreates: true });
    pendingAfterClear = await stack.pendingOperations();
    const managed = new Set((await connectorsInState(stack)).map((entry) => entry.id));
    adoptedBy = Object.fromEntries(
      (await programConnectors())
        .filter((connector) => !managed.has(connector.id))
        .map((connector) => [connector.name, connector.id]),
    );
    stack.setConfig("adopt", JSON.stringify(adoptedBy));
    missingBeforeRecovery = (await convergenceOf(stack, remote, program)).missingNames.length;
    emulator.requestLog.clear();
    recovered = await stack.up();
    postsDuringRecovery = emulator.requestLog.count(CREATE);
    converged = await convergenceOf(stack, remote, program);
  }, 240_000);

  afterAll(async () => {
    // A provider frozen by a run that failed before the kill would otherwise outlive the tests.
    for (const pid of dir ? dynamicProviderPids(dir) : []) process.kill(pid, "SIGKILL");
    await stack?.dispose();
    await emulator?.close();
  });

  it("froze exactly one provider process, and the killed up reports the interruption", () => {
    expect(frozenPids).toHaveLength(1);
    expect(interrupted.error).toBe(interruptedMessage);
  });

  it("left connectors remotely that state does not hold, each named by a pending create", () => {
    expect(inStateAfterKill).toBeGreaterThan(0);
    expect(inStateAfterKill).toBeLessThan(COUNT);
    expect(afterKill.orphans.length).toBeGreaterThan(0);
    expect(afterKill.duplicateNames).toEqual([]);
    // Every create that reached the server and was not recorded is pending (some pending ones never did).
    const pendingNames = pendingAfterKill.map(
      (operation) => `${operation.type} ${operation.resource.inputs.name}`,
    );
    for (const orphan of afterKill.orphans)
      expect(pendingNames).toContain(`creating ${orphan.split(" ")[0]}`);
  });

  it("the next up adopts nothing silently: it stops on a 409 naming the connector, and duplicates nothing", () => {
    expect(blindUp.error).toBeDefined();
    expect(blindUp.error).toMatch(/is already used by connector \S+/);
    expect(
      blindUp.log.some((entry) => entry.message.includes("pending operations from previous deployment")),
    ).toBe(true);
    expect(afterBlindUp.duplicateNames).toEqual([]);
  });

  it("refresh --clear-pending-creates clears them", () => {
    expect(cleared.error).toBeUndefined();
    expect(pendingAfterClear).toEqual([]);
  });

  it("adoptId takes each interrupted create over: converged, no duplicate, no orphan", () => {
    expect(Object.keys(adoptedBy).length).toBeGreaterThan(0);
    expect(recovered.error).toBeUndefined();
    // POSTs only for the names no connector had yet, never one over an adopted connector.
    expect(postsDuringRecovery).toBe(missingBeforeRecovery);
    expect(converged).toEqual(CONVERGED(COUNT));
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(
      stack,
      { interrupted, blindUp, cleared, recovered },
      { apiKey: emulator.apiKey, clientSecret },
    );
    expect(leaks).toEqual([]);
  });
});
