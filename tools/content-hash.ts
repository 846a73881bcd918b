import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The key of a cached build (a folder name's suffix): every file it is built from, by its path relative to
 * `root` and its content, and any other inputs (tool versions) as text. The same inputs give the same key;
 * a changed file, name or version gives another, and so a build of its own.
 */
export function contentHash(root: string, files: readonly string[], extras: readonly string[] = []): string {
  const hash = createHash("sha256");
  for (const extra of extras) hash.update(extra).update("\0");
  for (const file of files)
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex").slice(0, 12);
}

/** Every file below `dir` (none when it does not exist), sorted, that `keep` accepts. */
export function filesUnder(dir: string, keep: (path: string) => boolean = () => true): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(keep)
    .sort();
}
