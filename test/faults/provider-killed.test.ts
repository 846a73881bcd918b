/**
 * The dynamic-provider process is killed while creates are in flight, at the worst moment: the server has
 * made the connectors but the provider has not read the answers. To land there every time, the process is
 * frozen (SIGSTOP) once some creates are recorded, the emulator answers the rest into its sockets, and
 * only then is it killed (SIGKILL). The next `up` must converge anyway: the connectors it finds under the
 * program's names are adopted, not duplicated and not left behind as orphans.
 */
import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../src/emulator";
import type { OperationResult, TestStack } from "../engine";
import { connectorsStack, connectorsInState, stageFaultsProgram } from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { dynamicProviderPids, waitFor } from "./support/processes";
import { secretLeaks } from "./support/secret-scan";

const COUNT = 30;
const NAME_PREFIX = "killed";
const CREATE = { method: "POST", route: "/api/v1/integrations" };
/** Every create is in flight at once (`parallel: COUNT`); their answers spread over 200-1700 ms. */
const CREATE_DELAY = { latencyMs: 200, jitterMs: 1_500 };

describe("the provider process killed in the middle of creates", () => {
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let emulator: RunningEmulator;
  let stack: TestStack;
  let interrupted: OperationResult;
  let afterKill: ConvergenceReport;
  let inStateAfterKill: number;
  let killedPids: number[];
  let dir: string | undefined;
  let next: OperationResult;
  let converged: ConvergenceReport;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    dir = await stageFaultsProgram("connectors", "faults-provider-killed");
    stack = await connectorsStack(dir, {
      baseUrl: emulator.url,
      apiKey: emulator.apiKey,
      count: COUNT,
      namePrefix: NAME_PREFIX,
      clientSecret,
      parallel: COUNT,
    });
    emulator.setFaults({ ...CREATE_DELAY, match: [`${CREATE.method} ${CREATE.route}`] });
    const up = stack.up();
    await waitFor("10 answered creates", () => emulator.requestLog.count(CREATE) >= 10);
    killedPids = dynamicProviderPids(dir);
    for (const pid of killedPids) process.kill(pid, "SIGSTOP");
    await waitFor("every create answered", () => emulator.requestLog.count(CREATE) === COUNT);
    for (const pid of killedPids) process.kill(pid, "SIGKILL");
    interrupted = await up;
    emulator.clearFaults();
    const remote = { baseUrl: emulator.url, apiKey: emulator.apiKey };
    const program = { count: COUNT, namePrefix: NAME_PREFIX };
    afterKill = await convergenceOf(stack, remote, program);
    inStateAfterKill = (await connectorsInState(stack)).length;
    next = await stack.up();
    converged = await convergenceOf(stack, remote, program);
  }, 180_000);

  afterAll(async () => {
    // A provider frozen by a run that failed before its SIGKILL would otherwise outlive the tests.
    for (const pid of dir ? dynamicProviderPids(dir) : []) process.kill(pid, "SIGKILL");
    await stack?.dispose();
    await emulator?.close();
  });

  it("killed exactly one provider process, and the interrupted up reports an error", () => {
    expect(killedPids).toHaveLength(1);
    expect(interrupted.error).toBeDefined();
  });

  it("left connectors remotely that state does not know (what the next up must adopt)", () => {
    expect(inStateAfterKill).toBeGreaterThan(0);
    expect(inStateAfterKill).toBeLessThan(COUNT);
    expect(afterKill.orphans.length).toBeGreaterThan(0);
    expect(afterKill.lostFromRemote).toEqual([]);
    expect(afterKill.duplicateNames).toEqual([]);
  });

  it("converges on the next up: no duplicate, no orphan", () => {
    expect(next.error).toBeUndefined();
    expect(converged).toEqual(CONVERGED(COUNT));
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(stack, { interrupted, next }, { apiKey: emulator.apiKey, clientSecret });
    expect(leaks).toEqual([]);
  });
});
