/**
 * actionlint, the linter of GitHub Actions workflows, at the version this folder's go.mod pins: built from
 * `github.com/rhysd/actionlint/cmd/actionlint` once per content of go.mod and go.sum into the cache folder the
 * pulumi CLI is built in, with the CLI's build helpers. A module of its own so that its pins (golang.org/x/sys,
 * a YAML parser) never move the CLI's.
 */
import { join, resolve } from "node:path";
import { readFileSync } from "node:fs";
import { buildIntoPlace, cacheRoot, goBuild, isBuilt, pinsKey, tryRun } from "../pulumi/cli";

const MODULE_DIR = resolve(__dirname);
const MODULE = "github.com/rhysd/actionlint";

/** The version go.mod pins, e.g. "1.7.12". */
export function pinnedActionlintVersion(): string {
  const goMod = join(MODULE_DIR, "go.mod");
  const pin = /github\.com\/rhysd\/actionlint v(\d+\.\d+\.\d+)/.exec(readFileSync(goMod, "utf8"));
  if (!pin) throw new Error(`${goMod} pins no ${MODULE} version`);
  return pin[1];
}

/** The cached build's folder: a changed go.mod or go.sum names another, built afresh. */
export function actionlintDir(): string {
  return join(cacheRoot(), `actionlint-v${pinnedActionlintVersion()}-${pinsKey([MODULE_DIR])}`);
}

/**
 * The actionlint executable, built first if needed (under a minute cold on a 2-core machine, nothing once
 * built). `log` receives progress lines.
 */
export async function ensureActionlint(log: (line: string) => void = console.log): Promise<string> {
  const dir = actionlintDir();
  const bin = join(dir, "actionlint");
  if (isBuilt(dir)) return bin;
  const version = pinnedActionlintVersion();
  const goVersion = tryRun("go", ["version"]);
  if (!goVersion)
    throw new Error(`actionlint v${version} is built from its Go module and needs Go 1.26 on PATH.`);
  log(`Building actionlint v${version} (tools/actionlint) with ${goVersion.trim()} into ${dir}...`);
  const started = Date.now();
  await buildIntoPlace(dir, async (staging) => {
    // The version ldflag as actionlint's own release build sets it: without it, a build from a wrapper module
    // reports the wrapper's "(devel)".
    const ldflags = `-s -w -X ${MODULE}.version=${version}`;
    await goBuild(`${MODULE}/cmd/actionlint`, join(staging, "actionlint"), ldflags, log, { dir: MODULE_DIR });
    const reported = tryRun(join(staging, "actionlint"), ["-version"])?.split("\n")[0];
    if (reported !== version)
      throw new Error(`the built actionlint reports version "${reported}", expected ${version}`);
  });
  log(`Built actionlint v${version} in ${Math.round((Date.now() - started) / 1000)} s`);
  return bin;
}
