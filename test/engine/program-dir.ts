/**
 * What the engine needs to know about a program directory: its project name and entry point from
 * Pulumi.yaml, and the @pulumi/pulumi it resolves (a program with its own node_modules uses its own SDK,
 * as the real language host would).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ProgramDir {
  dir: string;
  project: string;
  /** The program argument for cmd/run, relative to `dir`. */
  entry: string;
  runScript: string;
  dynamicProviderScript: string;
}

export function inspectProgramDir(dir: string): ProgramDir {
  const manifestPath = join(dir, "Pulumi.yaml");
  if (!existsSync(manifestPath)) throw new Error(`${dir} has no Pulumi.yaml`);
  const manifest = readFileSync(manifestPath, "utf8");
  const project = topLevelScalar(manifest, "name");
  if (!project) throw new Error(`${manifestPath} has no name`);
  return {
    dir,
    project,
    entry: entryPoint(dir, topLevelScalar(manifest, "main")),
    runScript: require.resolve("@pulumi/pulumi/cmd/run", { paths: [dir] }),
    dynamicProviderScript: require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [dir] }),
  };
}

/**
 * The real language host passes `.` unless Pulumi.yaml sets `main`. cmd/run then takes the entry point
 * from the nearest package.json, which for a program without its own package.json is an enclosing
 * project's (here this repository's, whose `exports` names the library): so such a program is given
 * its index file explicitly.
 */
function entryPoint(dir: string, main: string | undefined): string {
  if (main) return main;
  if (existsSync(join(dir, "package.json"))) return ".";
  const index = ["index.ts", "index.js"].find((file) => existsSync(join(dir, file)));
  if (!index) throw new Error(`${dir} has no package.json, no Pulumi.yaml main and no index.ts/index.js`);
  return `./${index}`;
}

/** Enough YAML for `key: value` at the top level; Pulumi.yaml files of the project are that simple. */
function topLevelScalar(yaml: string, key: string): string | undefined {
  const match = new RegExp(`^${key}:[ \\t]*(.+?)[ \\t]*$`, "m").exec(yaml);
  return match?.[1]?.replace(/^(["'])(.*)\1$/, "$2");
}
