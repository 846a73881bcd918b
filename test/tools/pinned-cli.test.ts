/**
 * The pinned CLI's cache folder (tools/pulumi/cli.ts) with the YAML hosts beside the CLI: its key covers both
 * Go modules' pins, the hosts' module shares the CLI's versions (so Go's build cache serves what the CLI
 * compiled), and a folder that has the CLI but not the hosts gets the hosts without a CLI build.
 */
import { execFileSync } from "node:child_process";
import {
  accessSync,
  constants,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  YAML_COMMANDS,
  YAML_MODULE_DIR,
  builtCli,
  ensurePinnedCli,
  pinnedCliDir,
  pinnedVersion,
  pinnedYamlVersion,
  pinsKey,
} from "../../tools/pulumi/cli";
import { pinnedCli } from "../support/pulumi-cli";

const CLI_MODULE_DIR = resolve(__dirname, "../../tools/pulumi");

/** Each module a package list's packages come from, with its version, as `go list -deps` resolves it. */
function moduleVersions(moduleDir: string, packages: string[]): Map<string, string> {
  const lines = execFileSync(
    "go",
    [
      "list",
      "-deps",
      "-tags",
      "osusergo,grpcnotrace",
      "-f",
      "{{with .Module}}{{.Path}} {{.Version}}{{end}}",
      ...packages,
    ],
    { cwd: moduleDir, encoding: "utf8", env: { ...process.env, GOTOOLCHAIN: "local", CGO_ENABLED: "0" } },
  );
  return new Map(
    lines
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split(" ") as [string, string]),
  );
}

describe("the cache folder's key", () => {
  let copies: string;
  beforeAll(() => {
    copies = mkdtempSync(join(tmpdir(), "pins-key-"));
    for (const [name, dir] of [
      ["cli", CLI_MODULE_DIR],
      ["yaml", YAML_MODULE_DIR],
    ] as const) {
      mkdirSync(join(copies, name));
      for (const file of ["go.mod", "go.sum"]) copyFileSync(join(dir, file), join(copies, name, file));
    }
  });
  afterAll(() => rmSync(copies, { recursive: true, force: true }));

  test("is made of both modules' pins, and changes when either module's go.mod or go.sum does", () => {
    const modules = [join(copies, "cli"), join(copies, "yaml")];
    const before = pinsKey(modules);
    expect(pinnedCliDir()).toMatch(new RegExp(`/pulumi-v${pinnedVersion()}-${before}$`));
    const keys = new Set([before]);
    for (const file of ["cli/go.mod", "cli/go.sum", "yaml/go.mod", "yaml/go.sum"]) {
      writeFileSync(join(copies, file), "\n", { flag: "a" });
      keys.add(pinsKey(modules));
    }
    expect(keys.size).toBe(5);
  });
});

test("the YAML hosts' module builds with the CLI's version of every module they share but inflector", () => {
  const yaml = moduleVersions(
    YAML_MODULE_DIR,
    YAML_COMMANDS.map((command) => `github.com/pulumi/pulumi-yaml/cmd/${command}`),
  );
  const cli = moduleVersions(CLI_MODULE_DIR, ["github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"]);
  expect(yaml.get("github.com/pulumi/pulumi-yaml")).toBe(`v${pinnedYamlVersion()}`);
  expect(yaml.get("github.com/pulumi/pulumi/pkg/v3")).toBe(`v${pinnedVersion()}`);
  expect(yaml.get("github.com/pulumi/pulumi/sdk/v3")).toBe(`v${pinnedVersion()}`);
  const differing = [...yaml].filter(([path, version]) => cli.has(path) && cli.get(path) !== version);
  // pulumi-yaml v1.38.1 requires inflector v0.2.1; the CLI's pkg/v3 v3.276.0, v0.1.1.
  expect(differing).toEqual([["github.com/pulumi/inflector", "v0.2.1"]]);
}, 60_000);

describe("a cache folder with the CLI but not the YAML hosts", () => {
  const saved = process.env.PULUMI_INTEGRATIONS_CACHE;
  let cache: string;
  let folder: string;
  let realDir: string;
  const lines: string[] = [];
  let before: ReturnType<typeof builtCli>;
  let ensured: Awaited<ReturnType<typeof ensurePinnedCli>>;

  beforeAll(async () => {
    const real = pinnedCli();
    realDir = real.dir;
    cache = mkdtempSync(join(tmpdir(), "pinned-cli-cache-"));
    process.env.PULUMI_INTEGRATIONS_CACHE = cache;
    folder = pinnedCliDir();
    mkdirSync(folder, { recursive: true });
    // The CLI's build (its executable and bundled plugins, linked) and its marker, no hosts.
    for (const file of readdirSync(real.dir))
      if (file !== "yaml-hosts.json" && !(YAML_COMMANDS as readonly string[]).includes(file))
        symlinkSync(join(real.dir, file), join(folder, file));
    before = builtCli();
    ensured = await ensurePinnedCli((line) => lines.push(line));
  }, 300_000);

  afterAll(() => {
    if (saved === undefined) delete process.env.PULUMI_INTEGRATIONS_CACHE;
    else process.env.PULUMI_INTEGRATIONS_CACHE = saved;
    rmSync(cache, { recursive: true, force: true });
  });

  test("is not a built CLI until the hosts are there", () => {
    expect(before).toBeUndefined();
  });

  test("gets the hosts, and keeps its CLI", () => {
    expect(lines.join("\n")).not.toContain("Building the pulumi CLI");
    expect(lines.join("\n")).toContain("Building pulumi-language-yaml and pulumi-converter-yaml v1.38.1");
    expect(readlinkSync(join(folder, "pulumi"))).toBe(join(realDir, "pulumi"));
    for (const command of YAML_COMMANDS) accessSync(join(folder, command), constants.X_OK);
    expect(ensured).toEqual({
      bin: join(folder, "pulumi"),
      dir: folder,
      version: pinnedVersion(),
      yamlVersion: "1.38.1",
    });
    expect(builtCli()).toEqual(ensured);
    // Nothing is left of the build's temporary folder.
    expect(readdirSync(folder).filter((file) => file.startsWith("."))).toEqual([]);
  });
});
