/**
 * The benchmark harness, end to end on a tiny size, so that it cannot rot: `bench/run.ts --only scale` at
 * N = 3, one run, as `npm run bench` runs it (the real CLI; both front ends, each beside its null provider;
 * the plugin and the null plugin installed from their tarballs). No figure is asserted: only that every
 * command ran with the steps expected, that each side ran on the provider it names, and that the tables
 * report the state sizes and every target as met or missed with a cause.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { createStageRoot } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";

const ROOT = resolve(__dirname, "..", "..");
const N = 3;

interface Results {
  results: {
    scale:
      | { error: string }
      | {
          tables: { title: string; columns: string[]; rows: (string | number | null)[][] }[];
          data: {
            sizes: number[];
            runs: number;
            measurements: {
              n: number;
              side: string;
              phase: string;
              wallMs: number;
              peakProviderKb: number;
              state?: { storedBytes: number; exportBytes: number; providers: string[] };
            }[];
          };
        };
  };
}

let stdout: string;
let results: Results["results"];

beforeAll(async () => {
  pinnedCli();
  // The run shares this test run's stage folder (the packed package, the plugin tarball) and leaves it.
  createStageRoot();
  const dir = mkdtempSync(join(createStageRoot(), "bench-results-"));
  try {
    const run = await promisify(execFile)(
      process.execPath,
      [
        ...["-r", require.resolve("ts-node/register/transpile-only"), join(ROOT, "bench", "run.ts")],
        ...["--only", "scale", "--size", String(N), "--runs", "1", "--results", join(dir, "results.json")],
      ],
      { cwd: ROOT, env: process.env, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`bench/run.ts failed: ${error.message}\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    });
    stdout = run.stdout;
    results = (JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as Results).results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

function scaleResult() {
  const scale = results.scale;
  if ("error" in scale) throw new Error(`the scale benchmark failed: ${scale.error}`);
  return scale;
}

test("runs every command on the four stacks once, at the size asked for", () => {
  const { data } = scaleResult();
  expect(data.sizes).toEqual([N]);
  expect(data.runs).toBe(1);
  const ran = data.measurements.map((m) => `${m.n} ${m.side} ${m.phase}`).sort();
  const expected = ["dynamic", "dynamic-null", "plugin", "plugin-null"].flatMap((side) =>
    ["up", "no-op up", "destroy"].map((phase) => `${N} ${side} ${phase}`),
  );
  expect(ran).toEqual(expected.sort());
  for (const m of data.measurements) expect(m.wallMs).toBeGreaterThan(0);
  // Each side's provider process was found and sampled: the real plugin runs from its launcher.
  for (const m of data.measurements)
    expect([m.side, m.phase, m.peakProviderKb > 0]).toEqual([m.side, m.phase, true]);
});

test("each side runs on its own provider: the null plugin is another version of the plugin", () => {
  const providersAfterUp = Object.fromEntries(
    scaleResult()
      .data.measurements.filter((m) => m.phase === "up")
      .map((m) => [m.side, m.state?.providers]),
  );
  expect(providersAfterUp).toEqual({
    dynamic: ["pulumi:providers:pulumi-nodejs::default"],
    "dynamic-null": ["pulumi:providers:pulumi-nodejs::default"],
    // Named for the version and the download URL the SDK's default resource options carry.
    plugin: [
      expect.stringMatching(
        /^pulumi:providers:integrations::default_\d+_\d+_\d+_github_\/api\.github\.com\/pulumi-integrations\/pulumi-integrations$/,
      ),
    ],
    "plugin-null": [
      "pulumi:providers:integrations::default_0_0_0_null_github_/api.github.com/pulumi-integrations/pulumi-integrations",
    ],
  });
});

test("reports the state per connector and every target as met or missed, with a cause", () => {
  const { tables } = scaleResult();
  const [time, state] = tables;
  expect(time?.title).toMatch(/wall time, each front end beside its null provider/);
  expect(state?.title).toMatch(/state per connector/);
  const targetRows = [time!, state!].flatMap((table) => {
    const met = table.columns.indexOf("Met");
    const cause = table.columns.indexOf("Cause");
    return table.rows.filter((row) => row[met] !== "-").map((row) => [row[met], row[cause]]);
  });
  // No-op up for both front ends; the state of a connector through each.
  expect(targetRows).toHaveLength(4);
  for (const [met, cause] of targetRows) {
    expect(["met", "missed"]).toContain(met);
    expect(String(cause).length).toBeGreaterThan(0);
  }
  for (const m of scaleResult().data.measurements.filter((m) => m.phase === "up")) {
    expect(m.state?.storedBytes).toBeGreaterThan(0);
    expect(m.state?.exportBytes).toBeGreaterThan(m.state?.storedBytes ?? 0);
  }
  expect(stdout).toContain("### Scale: state per connector after up (bytes)");
});
