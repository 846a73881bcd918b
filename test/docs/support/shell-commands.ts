/**
 * The commands of a docs shell block, as words: lines joined at a trailing backslash, comments dropped, split at
 * `&&`, `||`, `;` and `|`, quotes taken off. The docs' placeholders are words: `<your API key>` and
 * `https://<api host>` (which a shell would read as redirections), and `[--payload '{"n":1}']` (optional words,
 * kept without the brackets). Redirections are not docs' shell, so `<` always opens a placeholder.
 */
import type { CodeBlock } from "./code-blocks";

export interface ShellCommand {
  /** The words, leading `NAME=value` assignments left out. */
  words: string[];
  /** The page's line the command starts on. */
  line: number;
  /** Only assignments (`K=demo-key U=...`): nothing runs. */
  assignsOnly: boolean;
}

export interface ShellLine {
  /** The page's line it starts on. */
  line: number;
  /** As written: a line continued with a trailing backslash keeps the backslash and the next line. */
  text: string;
}

/** The block's lines as a shell reads them: a line that ends in a backslash goes on to the next. */
export function shellLinesOf(block: CodeBlock): ShellLine[] {
  const shellLines: ShellLine[] = [];
  const lines = block.text.replace(/\n$/, "").split("\n");
  for (let index = 0; index < lines.length; index++) {
    const line = block.line + 1 + index;
    let text = lines[index]!;
    while (text.endsWith("\\") && index + 1 < lines.length) text += "\n" + lines[++index];
    shellLines.push({ line, text });
  }
  return shellLines;
}

export function shellCommandsOf(block: CodeBlock): ShellCommand[] {
  return shellLinesOf(block).flatMap(({ line, text }) =>
    commandWordsOf(text.replace(/\\\n/g, " ")).map((words) => {
      const firstWord = words.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
      return firstWord === -1
        ? { words: [], line, assignsOnly: true }
        : { words: words.slice(firstWord), line, assignsOnly: false };
    }),
  );
}

function commandWordsOf(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === "'" || char === '"') {
      const close = text.indexOf(char, at + 1);
      if (close === -1) throw new Error(`an unclosed ${char} in: ${text}`);
      word += text.slice(at + 1, close);
      inWord = true;
      at = close;
    } else if (char === "<") {
      const close = text.indexOf(">", at);
      if (close === -1) throw new Error(`an unclosed placeholder < in: ${text}`);
      word += text.slice(at, close + 1);
      inWord = true;
      at = close;
    } else if ((char === "[" || char === "]") && !inWord) {
      endWord();
    } else if (char === "]" && /\s|$/.test(text[at + 1] ?? "")) {
      endWord();
    } else if (char === "#" && !inWord) {
      break;
    } else if (/\s/.test(char)) {
      endWord();
    } else if (char === ";" || char === "|" || (char === "&" && text[at + 1] === "&")) {
      if (text[at + 1] === char) at++;
      endCommand();
    } else {
      word += char;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}
