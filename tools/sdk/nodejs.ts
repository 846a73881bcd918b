/**
 * The Node.js SDK as a program installs it: sdk/nodejs compiled with this repository's TypeScript against its
 * @pulumi/pulumi, with package.json (and README.md) copied next to the compiled files, as upstream providers
 * publish their bin/ folder (the generated utilities.ts reads `./package.json` for the plugin's version).
 *
 * The build goes into the cache folder the CLI is built in, once per content of sdk/nodejs and versions of
 * TypeScript and @pulumi/pulumi (seconds); a program gets a copy in its node_modules, where
 * `require("@pulumi/pulumi")` finds the program's own copy (a symlink would resolve from the cache instead).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, isBuilt } from "../pulumi/cli";
import { REPO_DIR, SDK_DIR } from "./generate";

export const NODE_SDK_NAME = "@pulumi-integrations/sdk";
const SOURCE_DIR = join(SDK_DIR, "nodejs");
/** Build output and installs a developer may have made in sdk/nodejs: not sources. */
const NOT_SOURCES = new Set(["bin", "node_modules"]);

/** The compiled package folder (package.json at its root), built first if needed. */
export async function buildNodeSdk(sourceDir: string = SOURCE_DIR): Promise<string> {
  const target = join(cacheRoot(), `sdk-nodejs-${buildHash(sourceDir)}`);
  const packageDir = join(target, "package");
  if (isBuilt(target)) return packageDir;
  await buildIntoPlace(target, async (staging) => {
    const source = join(staging, "source");
    cpSync(sourceDir, source, { recursive: true, filter: (path) => !isBuildOutput(sourceDir, path) });
    // The generated tsconfig.json wants @pulumi/pulumi and @types/node: this repository's.
    symlinkSync(join(REPO_DIR, "node_modules"), join(source, "node_modules"), "dir");
    const tsc = require.resolve("typescript/bin/tsc", { paths: [REPO_DIR] });
    const output = join(staging, "package");
    try {
      await promisify(execFile)(process.execPath, [tsc, "-p", source, "--outDir", output]);
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`The Node.js SDK does not compile:\n${stdout ?? ""}${stderr ?? String(error)}`);
    }
    for (const file of ["package.json", "README.md"]) cpSync(join(source, file), join(output, file));
    rmSync(source, { recursive: true, force: true });
  });
  return packageDir;
}

/** Copies the built SDK into `<programDir>/node_modules/@pulumi-integrations/sdk` (replacing any there). */
export async function installNodeSdk(programDir: string): Promise<string> {
  const built = await buildNodeSdk();
  const installed = join(programDir, "node_modules", ...NODE_SDK_NAME.split("/"));
  rmSync(installed, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  cpSync(built, installed, { recursive: true });
  return installed;
}

function isBuildOutput(sourceDir: string, path: string): boolean {
  return NOT_SOURCES.has(relative(sourceDir, path).split("/")[0] ?? "");
}

/** The sources, and the versions of what compiles them and what they compile against. */
function buildHash(sourceDir: string): string {
  const files = filesUnder(sourceDir, (path) => !isBuildOutput(sourceDir, path));
  const versions = ["typescript", "@pulumi/pulumi", "@types/node"].map((dependency) => {
    const manifest = require.resolve(`${dependency}/package.json`, { paths: [REPO_DIR] });
    return `${dependency}@${(JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version}`;
  });
  return contentHash(sourceDir, files, versions);
}
