/**
 * The emulator, run as its command with `--data`, is killed (SIGKILL: a crash, no graceful flush) while
 * an `up` is creating connectors, and started again on the same port with the same data file. The
 * emulator answers a write only once it is on disk, so every connector the provider was told about (and
 * so recorded in state) must still exist after the restart; the following `up` converges.
 *
 * Whether the interrupted `up` itself fails is left open: a create whose connection was reset is looked
 * up by name and sent again, which often rides out a quick restart; one that meets the closed port fails.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateApiKey } from "../../src/emulator";
import type { PulumiStack } from "../../tools/pulumi/stack";
import type { OperationResult } from "../../tools/pulumi/types";
import { connectorsInState, connectorsStack, stageFaultsProgram } from "./support/connectors-stack";
import { CONVERGED, convergenceOf, type ConvergenceReport } from "./support/convergence";
import { startEmulatorProcess, type EmulatorProcess } from "./support/emulator-process";
import { waitFor } from "./support/processes";
import { missingRemotely } from "./support/remote";
import { secretLeaks } from "./support/secret-scan";

const COUNT = 30;
const NAME_PREFIX = "restarted";
/** Answers spread over 0-3 s, so that the crash lands while creates are in flight. */
const JITTER_MS = 3_000;

/**
 * Connectors of this program in the data file, read directly (the crash must land between two writes):
 * its snapshot and the journal of changes since (see persistence.ts).
 */
async function persistedConnectors(dataFile: string): Promise<number> {
  const files = [dataFile, `${dataFile}.journal`];
  const text = (await Promise.all(files.map((file) => readFile(file, "utf8").catch(() => "")))).join("\n");
  const names = text.match(new RegExp(`"name"\\s*:\\s*"${NAME_PREFIX}-\\d+"`, "g")) ?? [];
  return new Set(names).size;
}

describe("the emulator restarted mid-up with --data", () => {
  const apiKey = generateApiKey();
  const clientSecret = `fault-secret-${randomBytes(12).toString("hex")}`;
  let dataDir: string;
  let emulator: EmulatorProcess;
  let stack: PulumiStack;
  let persistedAtCrash: number;
  let interrupted: OperationResult;
  let acknowledged: string[];
  let lost: string[];
  let next: OperationResult;
  let converged: ConvergenceReport;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "faults-emulator-data-"));
    const dataFile = join(dataDir, "emulator.json");
    emulator = await startEmulatorProcess({ port: 0, dataFile, apiKey, jitterMs: JITTER_MS });
    const remote = { baseUrl: emulator.url, apiKey };
    const dir = await stageFaultsProgram("connectors", "faults-emulator-restarted");
    stack = await connectorsStack(dir, { ...remote, count: COUNT, namePrefix: NAME_PREFIX, clientSecret });
    const up = stack.up({ skipPreview: true });
    await waitFor("a few connectors created", async () => (await persistedConnectors(dataFile)) >= 5);
    await emulator.stop("SIGKILL");
    persistedAtCrash = await persistedConnectors(dataFile);
    emulator = await startEmulatorProcess({ port: emulator.port, dataFile, apiKey, jitterMs: JITTER_MS });
    interrupted = await up;
    acknowledged = (await connectorsInState(stack)).map((entry) => entry.id);
    lost = await missingRemotely(emulator.url, apiKey, acknowledged);
    next = await stack.up({ skipPreview: true });
    converged = await convergenceOf(stack, remote, { count: COUNT, namePrefix: NAME_PREFIX });
  }, 180_000);

  afterAll(async () => {
    await stack?.dispose();
    await emulator?.stop("SIGTERM");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("crashed in the middle of the creates", () => {
    expect(persistedAtCrash).toBeGreaterThanOrEqual(5);
    expect(persistedAtCrash).toBeLessThan(COUNT);
    console.log(
      `faults/emulator-restarted: ${persistedAtCrash} of ${COUNT} connectors on disk at the crash; ` +
        `interrupted up ${interrupted.error === undefined ? "succeeded" : "failed"}, ` +
        `${acknowledged.length} in state after it; interrupted up ${interrupted.durationMs} ms, ` +
        `next up ${next.durationMs} ms`,
    );
  });

  it("lost nothing acknowledged: every id in state exists after the restart", () => {
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  });

  it("converges on the following up", () => {
    expect(next.error).toBeUndefined();
    expect(converged).toEqual(CONVERGED(COUNT));
  });

  it("leaks neither the API key nor the client secret", async () => {
    const leaks = await secretLeaks(stack, { interrupted, next }, { apiKey, clientSecret });
    expect(leaks).toEqual([]);
  });
});
