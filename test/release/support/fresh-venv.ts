/**
 * A fresh virtual environment in the run's stage folder with what a user would `pip install`: never cached,
 * so what the release's wheel declares is resolved afresh by pip (from PyPI, whatever pip is configured with).
 * Resolves with its interpreter.
 */
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { runQuietly } from "../../../tools/run-quietly";
import { createStageRoot } from "../../support/packed-package";

export async function freshVenv(name: string, requirements: string[]): Promise<string> {
  const dir = mkdtempSync(join(createStageRoot(), `venv-${name}-`));
  await runQuietly("python3", ["-m", "venv", dir]);
  const python = join(dir, "bin", "python");
  if (requirements.length > 0)
    await runQuietly(python, [
      "-m",
      "pip",
      "--disable-pip-version-check",
      "--no-input",
      "--quiet",
      "install",
      ...requirements,
    ]);
  return python;
}
