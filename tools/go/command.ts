/**
 * A Go command of one of the repository's wrapper modules (tools/pulumi, tools/pulumi-yaml, tools/pulumi-java),
 * built once per content of its sources and of the module's go.mod and go.sum into the cache folder the CLI is
 * built in, with the CLI's build helpers (the same flags, so the packages the CLI's build compiled come from
 * Go's build cache), and run with its errors as one message.
 */
import { execFile } from "node:child_process";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, goBuild, isBuilt, tryRun } from "../pulumi/cli";

export interface GoCommand {
  /** The module's folder (holding go.mod and go.sum). */
  moduleDir: string;
  /** The command's folder in the module, e.g. "programgen". */
  source: string;
  /** The executable's name, which also names its cache folder, e.g. "programgen-yaml". */
  name: string;
  /** Added to Go's environment for the build. */
  env?: Record<string, string>;
}

/** The command's executable, built first if its sources changed (seconds once `npm run pulumi` has run). */
export async function ensureGoCommand(
  command: GoCommand,
  log: (line: string) => void = console.log,
): Promise<string> {
  const dir = join(cacheRoot(), `${command.name}-${sourceHash(command)}`);
  const bin = join(dir, command.name);
  if (isBuilt(dir)) return bin;
  const goVersion = tryRun("go", ["version"]);
  if (!goVersion) throw new Error(`${command.name} is built from Go modules and needs Go 1.26 on PATH.`);
  const shown = relative(join(__dirname, "..", ".."), join(command.moduleDir, command.source));
  log(`Building ${command.name} (${shown}) with ${goVersion.trim()} into ${dir}...`);
  const started = Date.now();
  await buildIntoPlace(dir, (staging) =>
    goBuild(`./${command.source}`, join(staging, command.name), "-s -w", log, {
      dir: command.moduleDir,
      env: command.env,
    }),
  );
  log(`Built ${command.name} in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}

/** Runs the executable; a failure throws with what it printed on stderr (its one-line error). */
export async function runGoCommand(bin: string, args: string[]): Promise<void> {
  try {
    await promisify(execFile)(bin, args, { encoding: "utf8" });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    throw new Error(stderr?.trim() || String(error));
  }
}

/** What the build depends on: the command's sources and the module's pins. */
function sourceHash(command: GoCommand): string {
  const files = [
    join(command.moduleDir, "go.mod"),
    join(command.moduleDir, "go.sum"),
    ...filesUnder(join(command.moduleDir, command.source)),
  ];
  return contentHash(command.moduleDir, files);
}
