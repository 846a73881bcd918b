/**
 * `npm run convert:yaml-quickstart [-- --out <dir>]`: examples/yaml-quickstart in PCL, TypeScript, Python and
 * Go (default folder: examples/yaml-quickstart/converted/), never edited by hand:
 *
 *     pcl/program.pp          `pulumi convert --from yaml --language pcl` (the real pulumi-converter-yaml,
 *                             beside the pinned CLI), with the plugin installed from its tarball: the
 *                             converter reads each resource's type from the plugin's schema
 *     typescript/index.ts     tools/pulumi/programgen: pkg/v3's GenerateProgram of each language on that
 *     python/__main__.py      PCL, bound against provider/schema.json (`pulumi convert --language <lang>`
 *     go/main.go              would need the language hosts, which this build does not have)
 *
 * test/plugin/yaml-converted.test.ts converts again and fails when the checked-in folder differs.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import { ensurePinnedCli } from "../tools/pulumi/cli";
import { generatePrograms, type ProgramLanguage } from "../tools/pulumi/programgen";
import { packagePlugin } from "./package-plugin";

const ROOT = resolve(__dirname, "..");
export const YAML_QUICKSTART = join(ROOT, "examples", "yaml-quickstart");
const SCHEMA = join(ROOT, "provider", "schema.json");

export interface ConvertedQuickstart {
  /** `<outDir>/pcl`, the converter's `.pp` files. */
  pclDir: string;
  /** `<outDir>/<language>`. */
  programs: Record<ProgramLanguage, string>;
  /** What `pulumi convert` printed. */
  convertOutput: string;
}

/**
 * Converts the quickstart into `outDir` (its `pcl`, `typescript`, `python` and `go` folders are replaced).
 * `tarball`: the plugin's tarball (`npm run package-plugin`); built afresh when not given.
 */
export async function convertYamlQuickstart(
  outDir: string,
  options: { tarball?: string; log?: (line: string) => void } = {},
): Promise<ConvertedQuickstart> {
  const log = options.log ?? (() => undefined);
  const cli = await ensurePinnedCli(log);
  const work = mkdtempSync(join(tmpdir(), "convert-yaml-quickstart-"));
  try {
    const home = join(work, "home");
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // The CLI finds the converter plugin on PATH (converters are not among the plugins it looks for
      // next to itself); the plugin comes from this PULUMI_HOME.
      PATH: [cli.dir, process.env.PATH ?? ""].join(":"),
      PULUMI_HOME: home,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
      NO_COLOR: "true",
    };
    const tarball = options.tarball ?? (await packagePlugin(join(work, "plugin"), log));
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    await run(
      cli.bin,
      ["plugin", "install", "resource", "integrations", version, "--file", tarball],
      env,
      work,
    );

    const program = join(work, "program");
    mkdirSync(program);
    cpSync(join(YAML_QUICKSTART, "Pulumi.yaml"), join(program, "Pulumi.yaml"));
    const converted = join(work, "pcl");
    const args = ["convert", "--from", "yaml", "--language", "pcl", "--out", converted, "--non-interactive"];
    const convertOutput = await run(cli.bin, args, env, program);
    const error = convertError(convertOutput);
    if (error !== undefined) throw new Error(`pulumi convert --from yaml failed: ${error}`);

    const pclDir = join(outDir, "pcl");
    rmSync(pclDir, { recursive: true, force: true });
    mkdirSync(pclDir, { recursive: true });
    for (const file of readdirSync(converted).filter((name) => name.endsWith(".pp")))
      cpSync(join(converted, file), join(pclDir, file));
    const programs = await generatePrograms({ pclDir, schemaPaths: [SCHEMA], outDir, log });
    return { pclDir, programs, convertOutput };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The first error diagnostic in what `pulumi convert` printed, if any. The converter's errors (a resource type it
 * could not load, ...) leave the command's exit code 0 and a program without those resources, so its output is
 * the only place they show. They are coloured even with NO_COLOR.
 */
export function convertError(output: string): string | undefined {
  return (
    output
      // eslint-disable-next-line no-control-regex -- the escape sequences of its colours
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .find((line) => /^\s*error\b/i.test(line))
      ?.trim()
  );
}

async function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { env, cwd, encoding: "utf8" });
    return stdout + stderr;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${args.slice(0, 2).join(" ")} failed: ${(stderr || stdout || String(error)).trim()}`);
  }
}

if (require.main === module) {
  const { values } = parseArgs({
    options: { out: { type: "string", default: join(YAML_QUICKSTART, "converted") } },
  });
  convertYamlQuickstart(resolve(values.out!), { log: console.log }).then(
    (converted) => console.log(`Wrote ${converted.pclDir} and the programs beside it`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
