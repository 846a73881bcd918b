/**
 * A docs shell block that shows its output, run: the block goes to bash as written (one session, so its
 * variables carry over), and each command's output must match the comment written under it (or beside it).
 * In a comment, `...` stands for any text and `<uuid>` for an id; two spaces or more end the output and begin
 * an explanation; a comment that opens with `(` explains and is not output.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { CodeBlock } from "./code-blocks";
import { shellLinesOf } from "./shell-commands";

interface Step {
  /** The page's line of the command. */
  line: number;
  command: string;
  expected?: string;
}

/** Runs the block (asynchronously: the server it talks to may live in this process) and compares its output. */
export async function sessionProblems(
  block: CodeBlock,
  options: { cwd: string; replace: [string, string][] },
): Promise<string[]> {
  let text = block.text;
  for (const [from, to] of options.replace) text = text.split(from).join(to);
  const steps = stepsOf({ ...block, text });
  const script = steps.map((step, index) => `printf '\\n@@step ${index}\\n'\n${step.command}`).join("\n");
  const { stdout: output } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], {
    cwd: options.cwd,
    encoding: "utf8",
  });
  const outputs = output.split(/\n@@step \d+\n/).slice(1);
  return steps.flatMap((step, index) => {
    if (step.expected === undefined) return [];
    const firstLine = (outputs[index] ?? "").trim().split(/\r?\n/)[0]!.trim();
    return patternOf(step.expected).test(firstLine)
      ? []
      : [`${block.page}:${step.line}: printed ${firstLine}, not ${step.expected}`];
  });
}

function stepsOf(block: CodeBlock): Step[] {
  const steps: Step[] = [];
  for (const { line, text } of shellLinesOf(block)) {
    const comment = /^#\s?(.*)$/.exec(text)?.[1];
    const last = steps[steps.length - 1];
    if (comment !== undefined) {
      if (last && last.expected === undefined && !comment.startsWith("("))
        last.expected = comment.split(/\s{2,}/)[0]!;
      continue;
    }
    const trailing = /\s+#\s+(.*)$/.exec(text);
    steps.push({
      line,
      command: trailing ? text.slice(0, trailing.index) : text,
      ...(trailing ? { expected: trailing[1]!.split(/\s{2,}/)[0]! } : {}),
    });
  }
  return steps;
}

function patternOf(expected: string): RegExp {
  const escaped = expected
    .split("...")
    .map((part) =>
      part
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace(/<uuid>/g, "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    )
    .join(".*?");
  return new RegExp(`^${escaped}$`);
}
