/**
 * The plugin's SDKs, generated from its schema by ./sdkgen (a Go command of this module that calls the code
 * generators `pulumi package gen-sdk` runs in the language hosts, which cannot be had here). The command is
 * built once per content of its source, go.mod and go.sum into the cache folder the CLI is built in, with the
 * CLI's build helpers.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, goBuild, isBuilt, tryRun } from "./cli";

const MODULE_DIR = resolve(__dirname);
const SOURCE_DIR = join(MODULE_DIR, "sdkgen");

export type SdkLanguage = "nodejs" | "python" | "go";

export interface GenerateSdksOptions {
  /** A Pulumi package schema (JSON); the SDKs' names come from its `language` section (see sdkgen/main.go). */
  schemaPath: string;
  /** Each language's SDK is written to `<outDir>/<language>/`, which is emptied first. */
  outDir: string;
  languages: readonly SdkLanguage[];
  /** Overrides the schema's version, as gen-sdk's --version does. */
  version?: string;
  log?: (line: string) => void;
}

/** Generates the SDKs and returns the folder of each. */
export async function generateSdks(options: GenerateSdksOptions): Promise<Record<SdkLanguage, string>> {
  const bin = await ensureSdkgen(options.log);
  const args = [
    "-schema",
    options.schemaPath,
    "-out",
    options.outDir,
    "-language",
    options.languages.join(","),
  ];
  if (options.version !== undefined) args.push("-version", options.version);
  try {
    await promisify(execFile)(bin, args, { encoding: "utf8" });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(stderr?.trim() || String(error));
  }
  return {
    nodejs: join(options.outDir, "nodejs"),
    python: join(options.outDir, "python"),
    go: join(options.outDir, "go"),
  };
}

/** The sdkgen executable, built first if its sources changed (a minute or two when the CLI is built). */
export async function ensureSdkgen(log: (line: string) => void = console.log): Promise<string> {
  const dir = join(cacheRoot(), `sdkgen-${sourceHash()}`);
  const bin = join(dir, "sdkgen");
  if (isBuilt(dir)) return bin;
  const goVersion = tryRun("go", ["version"]);
  if (!goVersion) throw new Error("The SDK generator is built from Go modules and needs Go 1.26 on PATH.");
  log(`Building the SDK generator (tools/pulumi/sdkgen) with ${goVersion.trim()} into ${dir}...`);
  const started = Date.now();
  await buildIntoPlace(dir, (staging) => goBuild("./sdkgen", join(staging, "sdkgen"), "-s -w", log));
  log(`Built the SDK generator in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

/** What the build depends on: the command's sources and the module's pins. */
function sourceHash(): string {
  const files = [join(MODULE_DIR, "go.mod"), join(MODULE_DIR, "go.sum"), ...filesUnder(SOURCE_DIR)];
  return contentHash(MODULE_DIR, files);
}
