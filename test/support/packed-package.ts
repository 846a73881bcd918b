/**
 * The package exactly as users get it: `npm pack`ed once per test run (or benchmark run) and unpacked into
 * <stage>/node_modules/pulumi-integrations. Programs staged under <stage>/programs/ resolve the package from
 * there (so a file missing from `files` or a wrong `exports` entry fails the test) and its dependencies and
 * @pulumi/pulumi from the checkout's node_modules, further up.
 *
 * Each run has a stage folder of its own under .tmp/ (Jest's global setup makes one for all its workers), so
 * two runs in one checkout never share a build or a program folder; a folder left by a killed run is removed
 * by the next one. Jest runs test files in several workers: the first one to take the lock packs, the others
 * wait. `npm test` builds dist/ first; run `npm run build` before running these tests on their own.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import ts from "typescript";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";

const ROOT = resolve(__dirname, "..", "..");
const TMP = join(ROOT, ".tmp");
const STAGE_ENV = "INTEGRATIONS_STAGE_DIR";
const OWNER_FILE = ".owner-pid";
const WAIT_LIMIT_MS = 120_000;

/** Makes this process's stage folder (and its children's: they inherit the variable) unless one is set. */
export function createStageRoot(): string {
  const existing = process.env[STAGE_ENV];
  if (existing) return existing;
  removeAbandonedStages();
  mkdirSync(TMP, { recursive: true });
  const root = mkdtempSync(join(TMP, "stage-"));
  writeFileSync(join(root, OWNER_FILE), String(process.pid));
  // A package scope of its own: without it, code under the stage would be inside this checkout's package
  // and `require("pulumi-integrations")` would resolve to the checkout itself (Node's self-reference).
  writeFileSync(join(root, "package.json"), '{ "name": "pulumi-integrations-stage", "private": true }\n');
  process.env[STAGE_ENV] = root;
  return root;
}

export function removeStageRoot(): void {
  const root = process.env[STAGE_ENV];
  // A plugin a killed CLI left may still be writing there as it ends: retried, as `rm -rf` would be again.
  if (root) rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  delete process.env[STAGE_ENV];
}

export interface StageOptions {
  /**
   * Compile the program's TypeScript to JavaScript first (the default), so that each deployment does not pay
   * for ts-node; tests about TypeScript itself pass false.
   */
  compile?: boolean;
}

/** Copies a program folder to a new folder of the stage, named after `name`, and returns the copy's path. */
export async function stageProgram(
  sourceDir: string,
  name: string,
  options: StageOptions = {},
): Promise<string> {
  const root = await ensurePackedPackage();
  mkdirSync(join(root, "programs"), { recursive: true });
  const target = mkdtempSync(join(root, "programs", `${name}-`));
  cpSync(sourceDir, target, { recursive: true, filter: (path) => !path.includes("node_modules") });
  if (options.compile ?? true) compileProgram(target);
  return target;
}

/**
 * A new empty folder of the stage (under its programs/), where `require("pulumi-integrations")` is the packed
 * package: for tests that load the package as a program's process does, without this checkout's dist/.
 */
export async function stageFolder(name: string): Promise<string> {
  const root = await ensurePackedPackage();
  mkdirSync(join(root, "programs"), { recursive: true });
  return mkdtempSync(join(root, "programs", `${name}-`));
}

/** The unpacked package's directory, for tests that inspect what is published. */
export async function packedPackageDir(): Promise<string> {
  return join(await ensurePackedPackage(), "node_modules", "pulumi-integrations");
}

/**
 * Every .ts file becomes its .js (transpiled as the program's ts-node would, without type checks: `npm run
 * typecheck` checks the programs), and Pulumi.yaml and package.json point at JavaScript.
 */
export function compileProgram(dir: string): void {
  for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".ts") || file.endsWith(".d.ts")) continue;
    const source = join(dir, file);
    const { outputText } = ts.transpileModule(readFileSync(source, "utf8"), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        // With `true`, outputs declared as class fields would be overwritten with undefined.
        useDefineForClassFields: false,
      },
      fileName: source,
    });
    writeFileSync(source.replace(/\.ts$/, ".js"), outputText);
    rmSync(source);
  }
  const projectFile = join(dir, "Pulumi.yaml");
  const project = parseYaml(readFileSync(projectFile, "utf8")) as Record<string, unknown>;
  const runtime = project.runtime;
  const options =
    typeof runtime === "object" && runtime !== null ? (runtime as { options?: object }).options : {};
  project.runtime = { name: "nodejs", options: { ...options, typescript: false } };
  if (typeof project.main === "string") project.main = project.main.replace(/\.ts$/, ".js");
  writeFileSync(projectFile, stringifyYaml(project));
  const manifestFile = join(dir, "package.json");
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { main?: string };
    if (manifest.main) manifest.main = manifest.main.replace(/\.ts$/, ".js");
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

async function ensurePackedPackage(): Promise<string> {
  const root = createStageRoot();
  const installed = join(root, "node_modules", "pulumi-integrations");
  const lock = join(root, ".packing");
  const ready = join(root, ".packed");
  if (existsSync(ready)) return root;
  try {
    mkdirSync(lock);
  } catch {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another worker to pack into ${root}`);
      await sleep(200);
    }
    return root;
  }
  try {
    packInto(root, installed);
    writeFileSync(ready, "");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return root;
}

function packInto(root: string, target: string): void {
  if (!existsSync(join(ROOT, "dist", "index.js")))
    throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
  const packDir = join(root, "pack");
  mkdirSync(packDir, { recursive: true });
  execFileSync("npm", ["pack", "--silent", "--pack-destination", packDir], { cwd: ROOT, stdio: "pipe" });
  const tarball = readdirSync(packDir).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${packDir}`);
  mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", join(packDir, tarball), "-C", target, "--strip-components=1"]);
}

/** Stage folders whose run has ended without removing them (killed): their owner process is gone. */
function removeAbandonedStages(): void {
  if (!existsSync(TMP)) return;
  for (const entry of readdirSync(TMP)) {
    if (!entry.startsWith("stage-")) continue;
    const folder = join(TMP, entry);
    const ownerFile = join(folder, OWNER_FILE);
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, "utf8")) : NaN;
    if (!isAlive(owner) && Date.now() - statSync(folder).mtimeMs > 60_000)
      rmSync(folder, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
