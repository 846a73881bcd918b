/**
 * A docs block that lays out the repository (`text`, one entry per line: the paths, then what they hold): the
 * paths each entry names, so a test can tell which are gone. `<kind>` in a path stands for any folder.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY, type CodeBlock } from "./code-blocks";

/** The paths at the start of each entry: `src/index.ts`, or several as `tools/python/, tools/go/`. */
export function layoutPathsOf(block: CodeBlock): string[] {
  return block.text
    .split("\n")
    .filter((line) => /^\S/.test(line))
    .flatMap((line) => /^([^\s,]+(?:,\s+[^\s,]+)*)/.exec(line)![1]!.split(/,\s+/));
}

export function existsInRepository(path: string): boolean {
  const placeholder = path.indexOf("<");
  if (placeholder === -1) return existsSync(join(REPOSITORY, path));
  const parent = join(REPOSITORY, path.slice(0, placeholder));
  return (
    existsSync(parent) && readdirSync(parent, { withFileTypes: true }).some((entry) => entry.isDirectory())
  );
}
