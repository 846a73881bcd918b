/**
 * A fresh virtual environment in the run's stage folder with what a user would `pip install`: never cached,
 * so what the release's wheel declares is resolved afresh by pip (from PyPI, whatever pip is configured with).
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { createStageRoot } from "../../support/packed-package";

export async function freshVenv(
  name: string,
  requirements: string[],
  env: Record<string, string> = {},
): Promise<{ python: string; pip: (...args: string[]) => Promise<string> }> {
  const dir = mkdtempSync(join(createStageRoot(), `venv-${name}-`));
  await promisify(execFile)("python3", ["-m", "venv", dir]);
  const python = join(dir, "bin", "python");
  const pip = async (...args: string[]) =>
    (
      await promisify(execFile)(
        python,
        ["-m", "pip", "--disable-pip-version-check", "--no-input", "--quiet", ...args],
        {
          env: { ...process.env, ...env },
          encoding: "utf8",
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stderr?: string; message: string }) => {
        throw new Error(`pip ${args.join(" ")} failed: ${error.stderr || error.message}`);
      })
    ).stdout;
  if (requirements.length > 0) await pip("install", ...requirements);
  return { python, pip };
}
