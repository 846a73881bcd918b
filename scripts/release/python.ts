/**
 * The Python SDK as PyPI takes it: `pulumi_integrations-<version>.tar.gz` (sdist) and
 * `pulumi_integrations-<version>-py3-none-any.whl`, built by PyPA's `build` from a copy of sdk/python (a build
 * in place would leave build/ and *.egg-info in the checkout), without isolation: setuptools comes from the
 * pinned release environment, so nothing is downloaded while building.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureVenv } from "../../tools/python/venv";
import { runQuietly } from "../../tools/run-quietly";
import { REPO_DIR, releaseVersion } from "./version";

export const RELEASE_REQUIREMENTS = join(REPO_DIR, "tools", "python", "release-requirements.txt");

export function pythonAssetNames(version: string = releaseVersion()): { sdist: string; wheel: string } {
  return {
    sdist: `pulumi_integrations-${version}.tar.gz`,
    wheel: `pulumi_integrations-${version}-py3-none-any.whl`,
  };
}

/** The release environment's interpreter (build, setuptools, twine). */
export async function releasePython(log: (line: string) => void): Promise<string> {
  return (await ensureVenv({ requirements: RELEASE_REQUIREMENTS, log })).python;
}

export async function writePythonAssets(outDir: string, log: (line: string) => void): Promise<string[]> {
  const python = await releasePython(log);
  const stage = mkdtempSync(join(tmpdir(), "python-sdk-"));
  try {
    cpSync(join(REPO_DIR, "sdk", "python"), stage, {
      recursive: true,
      filter: (path) => !/(^|\/)(__pycache__|build|dist|[^/]*\.egg-info)(\/|$)/.test(path),
    });
    log("Building the Python SDK's sdist and wheel (python -m build)...");
    await runQuietly(python, [
      "-m",
      "build",
      "--sdist",
      "--wheel",
      "--no-isolation",
      "--outdir",
      outDir,
      stage,
    ]);
    const { sdist, wheel } = pythonAssetNames();
    return [join(outDir, sdist), join(outDir, wheel)];
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
