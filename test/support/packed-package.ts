/**
 * The package exactly as users get it: `npm pack`ed once per test run and unpacked into
 * .tmp/e2e/node_modules/pulumi-integrations. Programs staged under .tmp/e2e/programs/ resolve the package
 * from there (so a file missing from `files` or a wrong `exports` entry fails the test) and its
 * dependencies and @pulumi/pulumi from the checkout's node_modules, one level further up.
 *
 * Jest runs test files in several worker processes: the first one to take the lock packs, the others wait.
 * `npm test` builds dist/ first; run `npm run build` before running these tests on their own.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = resolve(__dirname, "..", "..");
const STAGE = join(ROOT, ".tmp", "e2e");
const INSTALLED = join(STAGE, "node_modules", "pulumi-integrations");
const LOCK = join(STAGE, ".packing");
const READY = join(STAGE, ".packed");
const WAIT_LIMIT_MS = 120_000;

/** Copies a program directory under .tmp/e2e/programs/<name> and returns the copy's path. */
export async function stageProgram(sourceDir: string, name: string): Promise<string> {
  await ensurePackedPackage();
  const target = join(STAGE, "programs", name);
  rmSync(target, { recursive: true, force: true });
  cpSync(sourceDir, target, { recursive: true, filter: (path) => !path.includes("node_modules") });
  return target;
}

/** The unpacked package's directory, for tests that inspect what is published. */
export async function packedPackageDir(): Promise<string> {
  await ensurePackedPackage();
  return INSTALLED;
}

async function ensurePackedPackage(): Promise<void> {
  mkdirSync(STAGE, { recursive: true });
  // A package scope of its own: without it, code under .tmp/e2e would be inside this checkout's package
  // and `require("pulumi-integrations")` would resolve to the checkout itself (Node's self-reference).
  writeFileSync(
    join(STAGE, "package.json"),
    '{ "name": "pulumi-integrations-e2e-stage", "private": true }\n',
  );
  if (isFreshFor(READY)) return;
  if (takeLock()) {
    try {
      packInto(INSTALLED);
      writeFileSync(READY, String(process.ppid));
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
    return;
  }
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!isFreshFor(READY)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for another worker to pack into ${STAGE}`);
    await sleep(200);
  }
}

/** Packed by this test run (same parent process) and newer than the build. */
function isFreshFor(marker: string): boolean {
  if (!existsSync(marker)) return false;
  const entry = join(ROOT, "dist", "index.js");
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  return readFileSync(marker, "utf8") === String(process.ppid) && statSync(marker).mtimeMs >= builtAt;
}

/** A lock left by a run that was killed while packing is taken over after a minute. */
function takeLock(): boolean {
  if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 60_000)
    rmSync(LOCK, { recursive: true, force: true });
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    return false;
  }
}

function packInto(target: string): void {
  rmSync(READY, { force: true });
  const packDir = join(STAGE, "pack");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  execFileSync("npm", ["pack", "--silent", "--pack-destination", packDir], { cwd: ROOT, stdio: "pipe" });
  const tarball = readdirSync(packDir).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${packDir}`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", join(packDir, tarball), "-C", target, "--strip-components=1"]);
}
