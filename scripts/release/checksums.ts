/** `SHA256SUMS`: one line per file of the release folder, `<hex>  <path>` as `sha256sum -c` reads it. */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const CHECKSUMS_FILE = "SHA256SUMS";

export function writeChecksums(outDir: string): string {
  const lines = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile() && !(dirent.parentPath === outDir && dirent.name === CHECKSUMS_FILE))
    .map((dirent) => relative(outDir, join(dirent.parentPath, dirent.name)).split(sep).join("/"))
    .sort()
    .map(
      (path) =>
        `${createHash("sha256")
          .update(readFileSync(join(outDir, path)))
          .digest("hex")}  ${path}`,
    );
  const file = join(outDir, CHECKSUMS_FILE);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}
