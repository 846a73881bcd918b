/**
 * Programs in TypeScript, Python and Go from a PCL program, by ./programgen (a Go command of this module that
 * calls the program generators `pulumi convert --language <lang>` runs in the language hosts, which cannot be
 * had here). The command is built once per content of its source, go.mod and go.sum into the cache folder the
 * CLI is built in, with the CLI's build helpers.
 */
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, goBuild, isBuilt, tryRun } from "./cli";

const MODULE_DIR = resolve(__dirname);
const SOURCE_DIR = join(MODULE_DIR, "programgen");

/** Named as `pulumi convert --language` names them. */
export type ProgramLanguage = "typescript" | "python" | "go";
export const programLanguages: readonly ProgramLanguage[] = ["typescript", "python", "go"];

/** The file each language's program is written to. */
export const programFiles: Record<ProgramLanguage, string> = {
  typescript: "index.ts",
  python: "__main__.py",
  go: "main.go",
};

export interface GenerateProgramsOptions {
  /** The folder of the PCL program (`.pp` files), e.g. what `pulumi convert --language pcl` wrote. */
  pclDir: string;
  /** The schemas of the packages the program uses (e.g. provider/schema.json). */
  schemaPaths: readonly string[];
  /** Each language's program is written to `<outDir>/<language>/`, which is emptied first. */
  outDir: string;
  languages?: readonly ProgramLanguage[];
  log?: (line: string) => void;
}

/** Generates the programs and returns the folder of each. */
export async function generatePrograms(
  options: GenerateProgramsOptions,
): Promise<Record<ProgramLanguage, string>> {
  const bin = await ensureProgramgen(options.log);
  const languages = options.languages ?? programLanguages;
  const args = [
    "-pcl",
    options.pclDir,
    "-schema",
    options.schemaPaths.join(","),
    "-out",
    options.outDir,
    "-language",
    languages.join(","),
  ];
  try {
    await promisify(execFile)(bin, args, { encoding: "utf8" });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(stderr?.trim() || String(error));
  }
  return {
    typescript: join(options.outDir, "typescript"),
    python: join(options.outDir, "python"),
    go: join(options.outDir, "go"),
  };
}

/** The programgen executable, built first if its sources changed (seconds once the CLI is built). */
export async function ensureProgramgen(log: (line: string) => void = console.log): Promise<string> {
  const dir = join(cacheRoot(), `programgen-${sourceHash()}`);
  const bin = join(dir, "programgen");
  if (isBuilt(dir)) return bin;
  const goVersion = tryRun("go", ["version"]);
  if (!goVersion)
    throw new Error("The program generator is built from Go modules and needs Go 1.26 on PATH.");
  log(`Building the program generator (tools/pulumi/programgen) with ${goVersion.trim()} into ${dir}...`);
  const started = Date.now();
  await buildIntoPlace(dir, (staging) => goBuild("./programgen", join(staging, "programgen"), "-s -w", log));
  log(`Built the program generator in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

/** What the build depends on: the command's sources and the module's pins. */
function sourceHash(): string {
  const files = [join(MODULE_DIR, "go.mod"), join(MODULE_DIR, "go.sum"), ...filesUnder(SOURCE_DIR)];
  return contentHash(MODULE_DIR, files);
}
