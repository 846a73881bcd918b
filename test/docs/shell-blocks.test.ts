/** How the docs' checks read a shell block: its commands as words, and a session's output against its comments. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CodeBlock } from "./support/code-blocks";
import { shellCommandsOf } from "./support/shell-commands";
import { sessionProblems } from "./support/shell-session";

const block = (text: string): CodeBlock => ({
  page: "page.md",
  line: 10,
  closingLine: 11 + text.split("\n").length - 1,
  lang: "sh",
  text,
});

describe("a docs shell block's commands", () => {
  it("joins continued lines, splits at && and |, drops comments and quotes", () => {
    const commands = shellCommandsOf(
      block("npm ci && npm run x   # a comment\npulumi plugin install a \\\n  --file 'b c' | tee out\n"),
    );
    expect(commands.map(({ words, line }) => ({ words, line }))).toEqual([
      { words: ["npm", "ci"], line: 11 },
      { words: ["npm", "run", "x"], line: 11 },
      { words: ["pulumi", "plugin", "install", "a", "--file", "b c"], line: 12 },
      { words: ["tee", "out"], line: 12 },
    ]);
  });

  it("keeps a placeholder one word, even inside another, and optional words without their brackets", () => {
    const [setKey, setUrl, fire] = shellCommandsOf(
      block(
        "pulumi config set k <your API key>\npulumi config set u https://<api host>\nnpx e fire <id> [--payload '{\"n\":1}']\n",
      ),
    );
    expect(setKey!.words.slice(3)).toEqual(["k", "<your API key>"]);
    expect(setUrl!.words.slice(4)).toEqual(["https://<api host>"]);
    expect(fire!.words.slice(2)).toEqual(["fire", "<id>", "--payload", '{"n":1}']);
  });

  it("tells a line of assignments alone from a command with an environment", () => {
    const [assigns, command] = shellCommandsOf(block("K=a U=b\nK=a curl -s x\n"));
    expect(assigns).toMatchObject({ assignsOnly: true, words: [] });
    expect(command).toMatchObject({ assignsOnly: false, words: ["curl", "-s", "x"] });
  });
});

describe("a docs shell session", () => {
  const cwd = mkdtempSync(join(tmpdir(), "docs-session-test-"));

  it("passes when each command prints what its comment says, `...` and <uuid> standing for text", async () => {
    const session = block(
      'X=1\necho \'{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","n":1}\'\n# {"id":"<uuid>",...}   (prose)\n# (more prose)\necho $X   # 1\n',
    );
    expect(await sessionProblems(session, { cwd, replace: [] })).toEqual([]);
  });

  it("names the command's line, what it printed and what the comment says", async () => {
    const session = block("echo hello\n# goodbye\n");
    expect(await sessionProblems(session, { cwd, replace: [["hello", "hi"]] })).toEqual([
      "page.md:11: printed hi, not goodbye",
    ]);
  });

  it("fails when a command fails, as the reader's shell would stop there", async () => {
    await expect(sessionProblems(block("false\necho x\n# x\n"), { cwd, replace: [] })).rejects.toThrow();
  });
});
