/**
 * The Go programs of the repository (examples/go-quickstart), built once per content of their sources and of
 * the generated SDK they `replace` to (sdk/go) into the cache folder the `pulumi` CLI is built in, outside
 * the repository. Built with the CLI's flags (CGO off, -trimpath, its build tags), so the Pulumi SDK packages
 * the CLI build compiled come from Go's build cache: seconds once `npm run pulumi` has run.
 */
import { execFile } from "node:child_process";
import { basename, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, isBuilt, tryRun } from "../pulumi/cli";

const REPO_DIR = resolve(__dirname, "..", "..");
const GO_SDK_DIR = join(REPO_DIR, "sdk", "go");

/** The executable of the Go module in `programDir` (its main package), built first if needed. */
export async function ensureGoProgram(
  programDir: string,
  log: (line: string) => void = console.log,
): Promise<string> {
  const goVersion = tryRun("go", ["version"])?.trim();
  if (!goVersion) throw new Error(`${relative(REPO_DIR, programDir)} is built with Go 1.26, not on PATH.`);
  const name = basename(programDir);
  const target = join(cacheRoot(), `go-${name}-${sourceHash(goVersion, programDir)}`);
  const executable = join(target, name);
  if (isBuilt(target)) return executable;
  log(`Building ${relative(REPO_DIR, programDir)} (${goVersion}) into ${target}...`);
  await buildIntoPlace(target, async (staging) => {
    const args = ["build", "-trimpath", "-tags", "osusergo,grpcnotrace", "-o", join(staging, name), "."];
    try {
      await promisify(execFile)("go", args, {
        cwd: programDir,
        // -mod=readonly: go.sum is checked in and complete; a build never rewrites it.
        env: { ...process.env, CGO_ENABLED: "0", GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly" },
        encoding: "utf8",
      });
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      throw new Error(`go build in ${relative(REPO_DIR, programDir)} failed:\n${stderr || String(error)}`);
    }
  });
  return executable;
}

/** Go's version, the module's go.mod, go.sum and .go files, and the SDK's (what a `replace` brings in). */
function sourceHash(goVersion: string, programDir: string): string {
  const isGoSource = (path: string) => /(\.go|\/go\.mod|\/go\.sum)$/.test(path);
  const files = [programDir, GO_SDK_DIR].flatMap((dir) => filesUnder(dir, isGoSource));
  return contentHash(REPO_DIR, files, [goVersion]);
}
