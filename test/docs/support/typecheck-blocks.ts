/**
 * The TypeScript blocks of the docs, type-checked as a user's program would be: each block is a module of its
 * own in a folder where `pulumi-integrations` is the npm-packed package (so an import the package's `exports`
 * do not serve fails, as it would for the user), under `strict`. ES2022 modules, because two blocks await at
 * the top level as a script would.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { CodeBlock } from "./code-blocks";

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  module: ts.ModuleKind.ES2022,
  target: ts.ScriptTarget.ES2022,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  types: ["node"],
};

/** Each type error of the blocks, as `<page>:<line>: <message>` at the line of the page it stands on. */
export function typeErrorsOf(blocks: readonly CodeBlock[], dir: string): string[] {
  const files = new Map<string, CodeBlock>();
  for (const block of blocks) {
    const file = join(dir, `${block.page.replace(/[/.]/g, "-")}-${block.line}.ts`);
    writeFileSync(file, block.text);
    files.set(file, block);
  }
  const program = ts.createProgram([...files.keys()], OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ");
    const block = diagnostic.file && files.get(diagnostic.file.fileName);
    if (!block || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    return `${block.page}:${block.line + 1 + line}: ${message}`;
  });
}
