/**
 * What the link check reads of a Markdown page: its headings' anchors, as GitHub renders them, and its
 * relative links and the repository paths its prose names, outside fenced code blocks.
 *
 * The anchor of a heading is GitHub's: lower case, every character but letters, digits, marks, connector
 * punctuation, spaces and hyphens dropped, spaces made hyphens, and `-1`, `-2`, ... after a repeated one.
 * (`github-slugger`, the library that does this, is ESM-only from its 2.0, which this repository's Jest and
 * Node 20 cannot require.)
 */
import { readFileSync } from "node:fs";
import { codeBlocksOf } from "./code-blocks";

export interface PageLink {
  /** The target as written: a path, a path with `#anchor`, or `#anchor` alone. */
  target: string;
  line: number;
}

/** The page's text with each fenced code block blanked, line for line (links and paths there are code). */
function withoutCodeBlocks(text: string): string {
  const lines = text.split("\n");
  for (const block of codeBlocksOf("the page", text)) lines.fill("", block.line - 1, block.closingLine);
  return lines.join("\n");
}

export function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCodeBlocks(readFileSync(file, "utf8")).split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every relative link of the page: `[text](target)`, web addresses and mail links left out. */
export function linksOf(text: string): PageLink[] {
  const links: PageLink[] = [];
  withoutCodeBlocks(text)
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1]!;
        if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ target, line: index + 1 });
      }
    });
  return links;
}

/** The repository paths the prose names in backticks or links: `test/...`, `src/...`, `examples/...`, .... */
export function namedPathsOf(text: string, roots: readonly string[]): PageLink[] {
  const paths: PageLink[] = [];
  const pattern = new RegExp(`(?<![\\w./-])((?:${roots.join("|")})/[\\w./-]*[\\w/])`, "g");
  withoutCodeBlocks(text)
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(pattern)) paths.push({ target: match[1]!, line: index + 1 });
    });
  return paths;
}
