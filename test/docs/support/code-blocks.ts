/**
 * The fenced code blocks of the README and the guides, as every test that checks one reads them: the docs'
 * code-block check (test/docs/code-blocks.test.ts) and the tests that run a page's blocks as users copy them
 * (the Installing guide's, the README's YAML quickstart).
 *
 * A block a test cannot check says why on the line before its fence, where a reader of the Markdown sees it
 * and the rendered page does not: `<!-- unchecked: the CLI's output, quoted -->`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPOSITORY = resolve(__dirname, "..", "..", "..");

export interface CodeBlock {
  /** The page, relative to the repository: "README.md", "docs/guides/emulator.md". */
  page: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  /** The line of the closing fence. */
  closingLine: number;
  /** The info string's first word ("ts", "sh", "yaml", "text"); "" when the fence has none. */
  lang: string;
  /** The block's lines, without the fences, each with the fence's indentation taken off. */
  text: string;
  /** The reason a test does not check the block, from an `<!-- unchecked: ... -->` line right above it. */
  unchecked?: string;
}

/** The pages whose blocks are checked: the README and every guide. */
export function checkedPages(): string[] {
  const guides = readdirSync(join(REPOSITORY, "docs", "guides"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/guides/${name}`);
  return ["README.md", ...guides];
}

export function codeBlocksOf(page: string, text = readFileSync(join(REPOSITORY, page), "utf8")): CodeBlock[] {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = /^(\s*)```\s*([\w-]*)/.exec(lines[index]!);
    if (!opening) continue;
    const indent = opening[1]!.length;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !/^\s*```\s*$/.test(lines[index]!); index++)
      body.push(lines[index]!.slice(Math.min(indent, /^\s*/.exec(lines[index]!)![0].length)));
    if (index === lines.length) throw new Error(`${page}:${start + 1}: a code block is never closed`);
    const unchecked = /^\s*<!--\s*unchecked:\s*(.*?)\s*-->\s*$/.exec(lines[start - 1] ?? "")?.[1];
    blocks.push({
      page,
      line: start + 1,
      closingLine: index + 1,
      lang: opening[2]!,
      text: body.join("\n") + "\n",
      ...(unchecked === undefined ? {} : { unchecked }),
    });
  }
  return blocks;
}

/** The one block of `page` that `test` picks; a page with none or several is an error that says which. */
export function oneBlockOf(
  page: string,
  description: string,
  test: (block: CodeBlock) => boolean,
): CodeBlock {
  const found = codeBlocksOf(page).filter(test);
  if (found.length !== 1) throw new Error(`${page} has ${found.length} blocks that ${description}, not one`);
  return found[0]!;
}

/** The README's quickstart on the plugin: a whole Pulumi YAML program. */
export function readmeYamlQuickstart(): CodeBlock {
  return oneBlockOf("README.md", "are a YAML program", (block) => block.lang === "yaml");
}
