/**
 * The GitHub Actions workflows: the repository's own (ci.yml, release.yml) and the GitOps example's, checked by
 * the pinned actionlint (tools/actionlint), which is shown to report a broken workflow; and the facts of
 * release.yml a maintainer relies on when tagging a release.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { ensureActionlint, pinnedActionlintVersion } from "../../tools/actionlint/actionlint";

const REPO_DIR = resolve(__dirname, "../..");
const WORKFLOWS = [
  ".github/workflows/ci.yml",
  ".github/workflows/release.yml",
  "examples/gitops/.github/workflows/integrations.yml",
];

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  uses?: string;
  permissions?: Record<string, string>;
  environment?: string | { name: string };
  "timeout-minutes"?: number;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, { tags?: string[]; branches?: string[] } | null>;
  jobs: Record<string, Job>;
}

const readWorkflow = (path: string) => parseYaml(readFileSync(join(REPO_DIR, path), "utf8")) as Workflow;
const runs = (job: Job | undefined) => (job?.steps ?? []).map((step) => step.run ?? "").join("\n");
const needs = (job: Job | undefined) => [job?.needs ?? []].flat();

let actionlint: string;

/**
 * actionlint's exit status and everything it printed. Without shellcheck and pyflakes, which it runs on `run:`
 * scripts when they are on PATH (ubuntu-latest has shellcheck, other machines none or another version): the
 * verdict must not depend on the machine.
 */
function lint(files: string[], cwd: string = REPO_DIR): { status: number | null; output: string } {
  const result = spawnSync(actionlint, ["-no-color", "-shellcheck=", "-pyflakes=", ...files], {
    cwd,
    encoding: "utf8",
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  // Cold (no Go caches, modules downloaded) about 30 s on 2 cores; under a second once built.
  actionlint = await ensureActionlint((line) => console.log(line));
}, 10 * 60_000);

describe("actionlint", () => {
  it("is the pinned version", () => {
    const reported = spawnSync(actionlint, ["-version"], { encoding: "utf8" }).stdout.split("\n")[0];
    expect(reported).toBe(pinnedActionlintVersion());
  });

  it.each(WORKFLOWS)("finds nothing in %s", (workflow) => {
    expect(lint([workflow])).toEqual({ status: 0, output: "" });
  });

  it("reports a broken workflow: a need of no job, an output of a job it does not need", () => {
    const dir = mkdtempSync(join(tmpdir(), "workflows-test-"));
    try {
      mkdirSync(join(dir, ".github", "workflows"), { recursive: true });
      const broken = join(".github", "workflows", "broken.yml");
      writeFileSync(
        join(dir, broken),
        [
          "on: push",
          "jobs:",
          "  build:",
          "    runs-on: ubuntu-latest",
          "    outputs:",
          "      version: ${{ steps.version.outputs.version }}",
          "    steps:",
          "      - id: version",
          '        run: echo "version=1.0.0" >> "$GITHUB_OUTPUT"',
          "  publish:",
          "    needs: [biuld]",
          "    runs-on: ubuntu-latest",
          "    steps:",
          "      - run: echo ${{ needs.build.outputs.version }}",
          "",
        ].join("\n"),
      );
      const { status, output } = lint([broken], dir);
      expect(status).toBe(1);
      expect(output).toMatch(/job "publish" needs job "biuld" which does not exist.*\[job-needs\]/);
      expect(output).toMatch(/property "build" is not defined.*\[expression\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("release.yml", () => {
  const release = readWorkflow(".github/workflows/release.yml");
  const { jobs } = release;

  it("runs on a pushed tag v*, and only then", () => {
    expect(release.on).toEqual({ push: { tags: ["v*"] } });
  });

  it("releases only what passed ci.yml, built once by npm run release", () => {
    expect(jobs.ci?.uses).toBe("./.github/workflows/ci.yml");
    expect(readWorkflow(".github/workflows/ci.yml").on).toHaveProperty("workflow_call");
    expect(needs(jobs.build)).toEqual(["ci"]);
    expect(runs(jobs.build)).toContain("npm run release -- --out release");
    expect(runs(jobs.build)).toContain('"$GITHUB_REF_NAME" != "v$version"');
    for (const publisher of ["github-release", "npm", "pypi", "go-sdk", "maven"])
      expect([publisher, needs(jobs[publisher])]).toEqual([publisher, ["build"]]);
  });

  it("creates the GitHub release of the tag with the workflow's token", () => {
    expect(jobs["github-release"]?.permissions).toEqual({ contents: "write" });
    expect(runs(jobs["github-release"])).toMatch(/gh release create "\$GITHUB_REF_NAME" .*--verify-tag/);
  });

  it("publishes the three npm packages with provenance: the main one, the SDK and the policy pack", () => {
    expect(jobs.npm?.permissions?.["id-token"]).toBe("write");
    const publishes = runs(jobs.npm)
      .split("\n")
      .filter((line) => line.includes("npm publish"));
    expect(publishes.map((line) => line.match(/release\/(\S+)\.tgz/)?.[1])).toEqual([
      "pulumi-integrations-$VERSION",
      "pulumi-integrations-sdk-$VERSION",
      "pulumi-integrations-policy-$VERSION",
    ]);
    for (const line of publishes) expect(line).toContain("--provenance --access public");
  });

  it("publishes to PyPI by trusted publishing from the environment pypi", () => {
    expect(jobs.pypi?.permissions?.["id-token"]).toBe("write");
    expect(jobs.pypi?.environment).toMatchObject({ name: "pypi" });
    expect(jobs.pypi?.steps?.map((step) => step.uses)).toContain("pypa/gh-action-pypi-publish@release/v1");
  });

  it("publishes the Go SDK by its module's tag sdk/go/v<version>", () => {
    expect(jobs["go-sdk"]?.permissions).toEqual({ contents: "write" });
    expect(runs(jobs["go-sdk"])).toContain('git push origin "sdk/go/v$VERSION"');
  });
});

describe("ci.yml", () => {
  const ci = readWorkflow(".github/workflows/ci.yml");

  it("runs the README's test command on pull requests and main, within 45 minutes", () => {
    expect(ci.on.push?.branches).toEqual(["main"]);
    expect(ci.on).toHaveProperty("pull_request");
    expect(ci.jobs.test?.["timeout-minutes"]).toBe(45);
    expect(runs(ci.jobs.test)).toContain("bash .ci/run");
  });
});
