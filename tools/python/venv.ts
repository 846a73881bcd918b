/**
 * The Python environment of the Python programs (examples/python-quickstart): a virtual environment with a
 * pinned requirements file installed, and the generated SDK (sdk/python) installed beside it, both in the
 * cache folder the `pulumi` CLI is built in, outside the repository.
 *
 * - The virtual environment is built once per content of the requirements file and Python version (about
 *   10 s from pip's cache). A venv survives being renamed into place: only its scripts' shebangs name the
 *   folder it was made in, and everything here runs `<venv>/bin/python -m ...`.
 * - The SDK is installed (`pip install --target`) once per content of sdk/python, into a folder of its own
 *   put on PYTHONPATH, so regenerating the SDK does not rebuild the environment. It is installed, not merely
 *   put on the path: its _utilities.py reads the distribution's version from its metadata (dist-info). pip
 *   builds it from a copy, since an in-tree build would write build/ and *.egg-info into sdk/python.
 */
import { cpSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { contentHash, filesUnder } from "../content-hash";
import { buildIntoPlace, cacheRoot, isBuilt } from "../pulumi/cli";
import { runQuietly as run } from "../run-quietly";

const REPO_DIR = resolve(__dirname, "..", "..");
const SDK_DIR = join(REPO_DIR, "sdk", "python");
/** What a user's or a test's build of the SDK leaves in sdk/python: not sources. */
const NOT_SOURCES = /(^|\/)(__pycache__|build|dist|[^/]*\.egg-info)(\/|$)|\.pyc$/;
const PIP = ["-m", "pip", "--disable-pip-version-check", "--no-input", "--quiet"];

export interface PythonEnv {
  /** The environment's interpreter. */
  python: string;
  /** The folder the SDK is installed in (on PYTHONPATH in `env`). */
  sdkDir: string;
  /** What to add to a process's environment to run a program with this interpreter and the SDK. */
  env: Record<string, string>;
}

export interface PythonEnvOptions {
  /** A pip requirements file, every package pinned. */
  requirements: string;
  /** The SDK to install (default: the checked-in sdk/python). */
  sdk?: string;
  /** The interpreter the environment is made from (default `python3` on PATH). */
  basePython?: string;
  log?: (line: string) => void;
}

export async function ensurePythonEnv(options: PythonEnvOptions): Promise<PythonEnv> {
  const log = options.log ?? console.log;
  const { python, envHash } = await ensureVenv(options);
  const sdkSource = options.sdk ?? SDK_DIR;
  const sources = filesUnder(sdkSource, (path) => !NOT_SOURCES.test(relative(sdkSource, path)));
  const sdkDir = join(cacheRoot(), `python-sdk-${contentHash(sdkSource, sources, [envHash])}`);
  if (!isBuilt(sdkDir)) {
    log(`Installing the Python SDK (${relative(REPO_DIR, sdkSource) || sdkSource}) into ${sdkDir}...`);
    await buildIntoPlace(sdkDir, async (staging) => {
      const copy = join(staging, ".source");
      cpSync(sdkSource, copy, { recursive: true, filter: (path) => !NOT_SOURCES.test(path) });
      // Its dependencies are in the environment already; setuptools there builds it (no download).
      await run(python, [
        ...PIP,
        "install",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "--target",
        join(staging, "site"),
        copy,
      ]);
    });
  }
  const site = join(sdkDir, "site");
  return { python, sdkDir: site, env: { PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: "1" } };
}

/**
 * A cached virtual environment with `requirements` installed: its interpreter, and the hash that names it.
 * Built once per content of the requirements file and Python version.
 */
export async function ensureVenv(
  options: Pick<PythonEnvOptions, "requirements" | "basePython" | "log">,
): Promise<{ python: string; envHash: string }> {
  const log = options.log ?? console.log;
  const base = options.basePython ?? "python3";
  const version = (await run(base, ["--version"]).catch(() => undefined))?.trim();
  if (!version)
    throw new Error(`The Python programs need Python 3.9 or later as \`${base}\` (with its venv module).`);

  const envHash = contentHash(REPO_DIR, [options.requirements], [version]);
  const venv = join(cacheRoot(), `python-venv-${envHash}`);
  const python = join(venv, "bin", "python");
  if (!isBuilt(venv)) {
    log(
      `Building the Python environment (${version}, ${relative(REPO_DIR, options.requirements)}) in ${venv}...`,
    );
    await buildIntoPlace(venv, async (staging) => {
      await run(base, ["-m", "venv", staging]);
      await run(join(staging, "bin", "python"), [...PIP, "install", "-r", options.requirements]);
    });
  }
  return { python, envHash };
}
