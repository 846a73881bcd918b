/** File-by-file comparison of a freshly generated SDK folder with the checked-in one. */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export interface FolderDifference {
  /** Paths relative to the folders compared. */
  changed: string[];
  /** Generated, but not in the checked-in folder. */
  added: string[];
  /** In the checked-in folder, but no longer generated. */
  removed: string[];
}

/**
 * Compares every file under `generated` with the checked-in `checkedIn` folder: the files git would check in
 * there (tracked, or new and not ignored), so that a local build of an SDK (sdk/nodejs/bin, node_modules,
 * Python's build folders, all ignored by the SDKs' own .gitignore) does not count.
 */
export function compareWithCheckedIn(generated: string, checkedIn: string, repoDir: string): FolderDifference {
  const fresh = new Set(filesUnder(generated));
  const kept = new Set(
    execFileSync(
      "git",
      ["ls-files", "--cached", "--others", "--exclude-standard", "--", relative(repoDir, checkedIn)],
      { cwd: repoDir, encoding: "utf8" },
    )
      .split("\n")
      .filter(Boolean)
      .map((path) => relative(checkedIn, join(repoDir, path))),
  );
  const changed = [...fresh].filter(
    (file) =>
      kept.has(file) &&
      (!existsSync(join(checkedIn, file)) ||
        !readFileSync(join(generated, file)).equals(readFileSync(join(checkedIn, file)))),
  );
  return {
    changed: changed.sort(),
    added: [...fresh].filter((file) => !kept.has(file)).sort(),
    removed: [...kept].filter((file) => !fresh.has(file)).sort(),
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}
