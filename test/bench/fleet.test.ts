/**
 * A tiny fleet, end to end (`bench/run.ts --fleet`, as `npm run bench -- --fleet` runs it): 3 stacks × 4
 * connectors at once on one key limited to 4 requests/s, through the provider plugin and through the dynamic
 * provider, each stack capped at the account's share by INTEGRATIONS_MAX_REQUESTS_PER_SECOND, with another
 * client on the same key during `up`. The limit is low enough that the fleet meets 429s without the cap.
 *
 * What a fleet must never do, whatever the timing: fail a stack on the rate limit, create a connector twice,
 * or leave one behind after destroy. No figure and no time is asserted (the shared 2-core machines make
 * them noise); the steps are, so that the run did what it says.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { FleetCaseResult } from "../../bench/benchmarks/fleet-run";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";

const ROOT = resolve(__dirname, "..", "..");
const STACKS = 3;
const CONNECTORS = 4;
const RATE = 4;
const CASES = ["plugin-capped", "dynamic-capped"];

let cases: FleetCaseResult[];

beforeAll(async () => {
  pinnedCli();
  // The run shares this test run's stage folder (the packed package, the plugin tarball) and leaves it.
  createStageRoot();
  const dir = mkdtempSync(join(createStageRoot(), "fleet-results-"));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        ...["-r", require.resolve("ts-node/register/transpile-only"), join(ROOT, "bench", "run.ts")],
        "--fleet",
        ...["--stacks", String(STACKS), "--connectors", String(CONNECTORS), "--rate", String(RATE)],
        ...["--cases", CASES.join(","), "--results", join(dir, "results.json")],
      ],
      { cwd: ROOT, env: process.env, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`bench/run.ts failed: ${error.message}\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    const { results } = JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as {
      results: { fleet: { error: string } | { data: { cases: FleetCaseResult[] } } };
    };
    if ("error" in results.fleet) throw new Error(`the fleet benchmark failed: ${results.fleet.error}`);
    cases = results.fleet.data.cases;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The release folder (the plugin's tarball) is built once per test run, here or by another test first.
}, 300_000);

test("runs the fleet through both front ends, capped, with every phase", () => {
  expect(cases.map((c) => [c.label, c.capPerStack])).toEqual([
    ["plugin, capped", (RATE - 2) / STACKS],
    ["dynamic, capped", (RATE - 2) / STACKS],
  ]);
  for (const c of cases) expect(c.phases.map((phase) => phase.phase)).toEqual(["up", "no-op up", "destroy"]);
});

test.each(CASES)("%s: no stack fails, on 429s or otherwise", (name) => {
  const fleet = cases[CASES.indexOf(name)]!;
  for (const phase of fleet.phases)
    expect([fleet.label, phase.phase, phase.failedStacks, phase.errors]).toEqual([
      fleet.label,
      phase.phase,
      0,
      [],
    ]);
});

test.each(CASES)("%s: every connector made once, kept, then deleted", (name) => {
  const fleet = cases[CASES.indexOf(name)]!;
  // Each stack counts itself among its resources.
  const resources = STACKS * (CONNECTORS + 1);
  const [up, noop, destroy] = fleet.phases;
  expect(up?.changes).toEqual({ create: resources });
  expect(noop?.changes).toEqual({ same: resources });
  expect(destroy?.changes).toEqual({ delete: resources });
  expect([up?.liveConnectors, up?.duplicates]).toEqual([STACKS * CONNECTORS, { sameName: 0, untracked: 0 }]);
  expect([noop?.liveConnectors, noop?.duplicates]).toEqual([
    STACKS * CONNECTORS,
    { sameName: 0, untracked: 0 },
  ]);
  expect(destroy?.leftovers).toBe(0);
});
