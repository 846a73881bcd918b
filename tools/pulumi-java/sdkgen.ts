/**
 * The plugin's Java SDK, generated from its schema by ./sdkgen (a Go command of this module that calls
 * pulumi-java's code generator as pulumi-language-java's GeneratePackage does; see sdkgen/main.go). The command
 * is built once per content of its sources, go.mod and go.sum into the cache folder the CLI is built in, with
 * the CLI's build helpers, as ../pulumi/sdkgen.ts builds the other languages' generator.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, goBuild, isBuilt, tryRun } from "../pulumi/cli";
import { JAVA_MODULE_DIR, javaModuleEnv } from "./host";

const SOURCE_DIR = join(JAVA_MODULE_DIR, "sdkgen");

export interface GenerateJavaSdkOptions {
  /** A Pulumi package schema (JSON) with a `language.java` section (see sdkgen/main.go). */
  schemaPath: string;
  /** The SDK is written to `<outDir>/java/`, which is emptied first. */
  outDir: string;
  /** Overrides the schema's version, as gen-sdk's --version does. */
  version?: string;
  log?: (line: string) => void;
}

/** Generates the Java SDK and returns its folder. */
export async function generateJavaSdk(options: GenerateJavaSdkOptions): Promise<string> {
  const bin = await ensureJavaSdkgen(options.log);
  const args = ["-schema", options.schemaPath, "-out", options.outDir];
  if (options.version !== undefined) args.push("-version", options.version);
  try {
    await promisify(execFile)(bin, args, { encoding: "utf8" });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(stderr?.trim() || String(error));
  }
  return join(options.outDir, "java");
}

/** The Java sdkgen executable, built first if its sources changed (under a minute with Go's caches filled). */
export async function ensureJavaSdkgen(log: (line: string) => void = console.log): Promise<string> {
  const dir = join(cacheRoot(), `sdkgen-java-${sourceHash()}`);
  const bin = join(dir, "sdkgen-java");
  if (isBuilt(dir)) return bin;
  const goVersion = tryRun("go", ["version"]);
  if (!goVersion)
    throw new Error("The Java SDK generator is built from Go modules and needs Go 1.26 on PATH.");
  log(`Building the Java SDK generator (tools/pulumi-java/sdkgen) with ${goVersion.trim()} into ${dir}...`);
  const started = Date.now();
  await buildIntoPlace(dir, (staging) =>
    goBuild("./sdkgen", join(staging, "sdkgen-java"), "-s -w", log, {
      dir: JAVA_MODULE_DIR,
      env: javaModuleEnv(),
    }),
  );
  log(`Built the Java SDK generator in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

/** What the build depends on: the command's sources (pom.xml.tmpl included) and the module's pins. */
function sourceHash(): string {
  const files = [join(JAVA_MODULE_DIR, "go.mod"), join(JAVA_MODULE_DIR, "go.sum"), ...filesUnder(SOURCE_DIR)];
  return contentHash(JAVA_MODULE_DIR, files);
}
