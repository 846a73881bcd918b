/**
 * The pinned `pulumi` CLI: built from its Go modules (tools/pulumi/go.mod, go.sum) once per pin into a cache
 * folder outside the repository, and found there by the tests, the demo and the benchmarks. Next to it, the
 * real YAML language host and converter (`pulumi-language-yaml`, `pulumi-converter-yaml`), built from a
 * module of their own (tools/pulumi-yaml/go.mod, go.sum): the CLI finds a language host next to itself, and
 * the converter on PATH, where every run of the CLI here puts that folder first.
 *
 * The build goes into a temporary folder that is renamed into place when complete, so that two runs never see
 * half a build; a run that loses the race keeps the winner's. Release flags as in pulumi/pulumi's
 * .goreleaser.yml: CGO off, -trimpath, tags osusergo,grpcnotrace, and the version ldflag (without it
 * `pulumi version` is empty and the Automation API's version check fails).
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";

const MODULE_DIR = resolve(__dirname);
const GO_MOD = join(MODULE_DIR, "go.mod");
const CLI_PACKAGE = "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi";
const SDK_MODULE = "github.com/pulumi/pulumi/sdk/v3";
/**
 * The YAML hosts' module. It requires pkg/v3 and sdk/v3 at the CLI's versions, so that, built with the CLI's
 * flags, all but about 20 of its 805 packages come from Go's build cache once the CLI is built.
 */
export const YAML_MODULE_DIR = resolve(__dirname, "..", "pulumi-yaml");
const YAML_MODULE = "github.com/pulumi/pulumi-yaml";
/** The commands of that module, each built into the CLI's folder under its own name. */
export const YAML_COMMANDS = ["pulumi-language-yaml", "pulumi-converter-yaml"] as const;
/** The go.mod and go.sum of each module whose builds share the cached folder: any change builds afresh. */
const PINNED_MODULES = [MODULE_DIR, YAML_MODULE_DIR];
/** A cold build filled 1.6 GB of module cache and 1.6 GB of build cache, plus a 115 MB binary (2026-11-23). */
const DISK_NEEDED_BYTES = 4 * 1024 ** 3;
const MARKER = "built.json";

export interface PulumiCli {
  /** The `pulumi` executable. */
  bin: string;
  /** Its folder, which also holds the plugins it runs bundled (pulumi-resource-pulumi-nodejs, ...). */
  dir: string;
  /** e.g. "3.276.0". */
  version: string;
  /**
   * The version of `pulumi-language-yaml` and `pulumi-converter-yaml` in `dir`, e.g. "1.38.1"; undefined for a
   * CLI on PATH (which may or may not have them).
   */
  yamlVersion?: string;
}

/** The version go.mod pins, e.g. "3.276.0". */
export function pinnedVersion(): string {
  const pin = /github\.com\/pulumi\/pulumi\/pkg\/v3 v(\d+\.\d+\.\d+)/.exec(readFileSync(GO_MOD, "utf8"));
  if (!pin) throw new Error(`${GO_MOD} pins no github.com/pulumi/pulumi/pkg/v3 version`);
  return pin[1];
}

/** The pulumi-yaml version tools/pulumi-yaml/go.mod pins, e.g. "1.38.1". */
export function pinnedYamlVersion(moduleDir: string = YAML_MODULE_DIR): string {
  const goMod = join(moduleDir, "go.mod");
  const pin = /github\.com\/pulumi\/pulumi-yaml v(\d+\.\d+\.\d+)/.exec(readFileSync(goMod, "utf8"));
  if (!pin) throw new Error(`${goMod} pins no github.com/pulumi/pulumi-yaml version`);
  return pin[1];
}

/** The folder the builds of this module's commands are cached in, outside the repository. */
export function cacheRoot(): string {
  return (
    process.env.PULUMI_INTEGRATIONS_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "pulumi-integrations")
  );
}

/**
 * Where the pinned build lives: one folder per version and pin set. A changed go.mod or go.sum of the CLI's
 * module or of the YAML hosts' module names another folder, built afresh.
 */
export function pinnedCliDir(): string {
  return join(cacheRoot(), `pulumi-v${pinnedVersion()}-${pinsKey(PINNED_MODULES)}`);
}

/** The key of a set of Go modules' pins: each module's go.mod and go.sum, in order. */
export function pinsKey(moduleDirs: readonly string[]): string {
  const hash = createHash("sha256");
  for (const dir of moduleDirs)
    hash.update(readFileSync(join(dir, "go.mod"))).update(readFileSync(join(dir, "go.sum")));
  return hash.digest("hex").slice(0, 12);
}

/** The pinned CLI with its YAML hosts if both have been built, else undefined. */
export function builtCli(): PulumiCli | undefined {
  const dir = pinnedCliDir();
  if (!isBuilt(dir) || !isBuilt(dir, YAML_MARKER)) return undefined;
  return { bin: join(dir, "pulumi"), dir, version: pinnedVersion(), yamlVersion: pinnedYamlVersion() };
}

/** `--client` on refresh and destroy, which programs run through ./language-host.ts need, came in 3.181.0. */
const OLDEST_USABLE = [3, 181, 0];

/** A `pulumi` on PATH recent enough to run the examples, if there is one. */
export function cliOnPath(): PulumiCli | undefined {
  const bin = tryRun("sh", ["-c", "command -v pulumi"])?.trim();
  const version = bin ? /^v?(\d+)\.(\d+)\.(\d+)/.exec(tryRun(bin, ["version"])?.trim() ?? "") : null;
  if (!bin || !version) return undefined;
  const parts = version.slice(1, 4).map(Number);
  const order = parts.findIndex((part, index) => part !== OLDEST_USABLE[index]);
  if (order !== -1 && (parts[order] as number) < (OLDEST_USABLE[order] as number)) return undefined;
  return { bin, dir: resolve(bin, ".."), version: parts.join(".") };
}

/** Thrown when the CLI cannot be built here; its message is the one line that says what to do. */
export class CliUnavailableError extends Error {}

/**
 * The pinned CLI and its YAML hosts, each built first if needed (the CLI about 6 minutes on a cold 2-core
 * machine, under a minute with warm Go caches; the hosts about 30 s more once the CLI is built). A folder that
 * has the CLI but not the hosts gets the hosts only. `log` receives progress lines.
 */
export async function ensurePinnedCli(log: (line: string) => void = console.log): Promise<PulumiCli> {
  const built = builtCli();
  if (built) return built;
  const version = pinnedVersion();
  const goVersion = tryRun("go", ["version"]);
  if (!goVersion)
    throw new CliUnavailableError(
      `The pulumi CLI v${version} is built from source and needs Go 1.26 on PATH (https://go.dev/dl/); ` +
        `install Go, or put a pulumi CLI ${version} or later on PATH for the demo.`,
    );
  const target = pinnedCliDir();
  if (!isBuilt(target)) await buildCli(target, version, goVersion, log);
  if (!isBuilt(target, YAML_MARKER)) await buildYamlHosts(target, log);
  return builtCli()!;
}

async function buildCli(target: string, version: string, goVersion: string, log: (line: string) => void) {
  const root = cacheRoot();
  mkdirSync(root, { recursive: true });
  const free = Math.min(freeBytes(root), freeBytes(goEnv("GOMODCACHE")), freeBytes(goEnv("GOCACHE")));
  if (free < DISK_NEEDED_BYTES)
    throw new CliUnavailableError(
      `Building the pulumi CLI v${version} needs about ${gib(DISK_NEEDED_BYTES)} GB free for Go's caches ` +
        `and ${root}; only ${gib(free)} GB are: free some space, or set GOMODCACHE, GOCACHE and ` +
        `PULUMI_INTEGRATIONS_CACHE to a larger disk.`,
    );

  log(
    `Building the pulumi CLI v${version} from its Go modules (${goVersion.trim()}); about 6 minutes on a cold 2-core machine.`,
  );
  await buildIntoPlace(target, async (staging) => {
    const ldflags = `-s -w -X ${SDK_MODULE}/go/common/version.Version=v${version}`;
    await goBuild(CLI_PACKAGE, join(staging, "pulumi"), ldflags, log);
    copyBundledPlugins(staging);
    const reported = tryRun(join(staging, "pulumi"), ["version"])?.trim();
    if (reported !== `v${version}`)
      throw new Error(`the built CLI reports version "${reported}", expected v${version}`);
  });
  log(`Built the pulumi CLI v${version} into ${target}`);
}

/** Marks a complete build of the YAML hosts in the CLI's folder. */
const YAML_MARKER = "yaml-hosts.json";

/**
 * Builds `pulumi-language-yaml` and `pulumi-converter-yaml` (pulumi-yaml's `cmd/` packages) into the CLI's
 * folder `target`, with the CLI's release flags and pulumi-yaml's version ldflag (the version the host
 * reports to the engine: `pulumi about` shows it).
 */
async function buildYamlHosts(target: string, log: (line: string) => void): Promise<void> {
  const version = pinnedYamlVersion();
  log(
    `Building pulumi-language-yaml and pulumi-converter-yaml v${version} (tools/pulumi-yaml) into ${target}...`,
  );
  const started = Date.now();
  await addIntoPlace(target, YAML_MARKER, async (staging) => {
    const ldflags = `-s -w -X ${YAML_MODULE}/pkg/version.Version=v${version}`;
    for (const command of YAML_COMMANDS)
      await goBuild(`${YAML_MODULE}/cmd/${command}`, join(staging, command), ldflags, log, {
        dir: YAML_MODULE_DIR,
      });
  });
  log(
    `Built the YAML language host and converter v${version} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

/**
 * Fills a temporary folder inside the complete build `target`, then moves each file it made into `target`
 * and writes `marker` there: no run sees a half-built addition (a run that loses the race replaces the
 * winner's files with the same build).
 */
export async function addIntoPlace(
  target: string,
  marker: string,
  fill: (staging: string) => Promise<void>,
): Promise<void> {
  const staging = mkdtempSync(join(target, ".building-"));
  try {
    await fill(staging);
    for (const file of readdirSync(staging)) renameSync(join(staging, file), join(target, file));
    writeFileSync(join(target, marker), JSON.stringify({ builtAt: new Date().toISOString() }));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Fills a temporary folder beside `target` and renames it into place with a marker file, so that no run sees
 * half a build; a run that loses the race keeps the winner's. `built.json` in `target` says it is complete.
 */
export async function buildIntoPlace(
  target: string,
  fill: (staging: string) => Promise<void>,
): Promise<void> {
  const parent = resolve(target, "..");
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.building-${basename(target)}-`));
  try {
    await fill(staging);
    writeFileSync(join(staging, MARKER), JSON.stringify({ builtAt: new Date().toISOString() }));
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another run finished first: keep its build.
      if (!isBuilt(target)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Whether `buildIntoPlace` completed `target` (or `addIntoPlace` added what `marker` marks). */
export function isBuilt(target: string, marker: string = MARKER): boolean {
  return existsSync(join(target, marker));
}

/**
 * Builds the Go package `pkg` of this module (or of `module.dir`, another wrapper module) into `output`, with
 * the CLI's release flags (the same flags, so commands built after the CLI reuse its compiled packages from
 * Go's build cache). `go build -v` prints each package as it compiles it: progress is that count against
 * `go list -deps`. `module.env` is added to Go's environment.
 */
export async function goBuild(
  pkg: string,
  output: string,
  ldflags: string,
  log: (line: string) => void,
  module: { dir?: string; env?: Record<string, string> } = {},
): Promise<void> {
  const moduleDir = module.dir ?? MODULE_DIR;
  const env = {
    ...process.env,
    ...module.env,
    CGO_ENABLED: "0",
    // Fail at once on a Go older than go.mod's rather than trying to download a toolchain.
    GOTOOLCHAIN: "local",
  };
  // Not `go mod download`: it fetches every module go.mod lists, and the proxy refuses one the CLI's
  // packages never import (gocloud.dev@v0.46.1-0.20260810195832-b5401c07b5f1, 403). `go list -deps` fetches
  // only what the build needs.
  log("Resolving the packages to build (go list -deps; downloads the pinned modules on a cold machine)...");
  const total = execFileSync("go", ["list", "-deps", "-tags", "osusergo,grpcnotrace", pkg], {
    cwd: moduleDir,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\n")
    .filter(Boolean).length;
  let compiled = 0;
  let reportedAt = Date.now();
  await runGo(
    ["build", "-v", "-trimpath", "-tags", "osusergo,grpcnotrace", "-ldflags", ldflags, "-o", output, pkg],
    moduleDir,
    env,
    () => {
      compiled += 1;
      if (Date.now() - reportedAt >= 15_000) {
        reportedAt = Date.now();
        log(`  compiled ${compiled} of about ${total} packages`);
      }
    },
  );
}

function runGo(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("go", args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const errors: string[] = [];
    let pending = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        // -v lists packages one per line; anything else is worth showing if the build fails.
        if (/^[\w.-]+(\/[\w.~-]+)*$/.test(line)) onLine(line);
        else errors.push(line);
      }
    });
    child.stdout.resume();
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`go ${args[0]} failed (exit ${code}):\n${[...errors, pending].join("\n")}`)),
    );
  });
}

/**
 * The plugins the CLI finds next to itself, from the sdk/v3 module of the same version: the dynamic
 * providers' launchers and Python's exec helper (the module extracts them read-only, without the run bit).
 */
function copyBundledPlugins(outDir: string): void {
  const sdkDir = execFileSync("go", ["list", "-m", "-f", "{{.Dir}}", SDK_MODULE], {
    cwd: MODULE_DIR,
    encoding: "utf8",
  }).trim();
  for (const file of [
    "nodejs/dist/pulumi-resource-pulumi-nodejs",
    "python/dist/pulumi-resource-pulumi-python",
    "python/cmd/pulumi-language-python-exec",
  ]) {
    const target = join(outDir, file.slice(file.lastIndexOf("/") + 1));
    copyFileSync(join(sdkDir, file), target);
    chmodSync(target, 0o755);
  }
}

function goEnv(name: string): string {
  return execFileSync("go", ["env", name], { encoding: "utf8" }).trim();
}

/** Free bytes on the disk holding `path` (or its nearest existing parent). */
function freeBytes(path: string): number {
  let probe = path;
  while (!existsSync(probe)) probe = resolve(probe, "..");
  const stats = statfsSync(probe);
  return stats.bavail * stats.bsize;
}

function gib(bytes: number): string {
  return (bytes / 1024 ** 3).toFixed(1);
}

export function tryRun(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return undefined;
  }
}
