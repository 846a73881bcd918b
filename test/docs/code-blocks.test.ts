/**
 * Every fenced code block of the README and the guides is checked, by how it is meant to be used:
 * - TypeScript: type-checked as a program of its own against the npm-packed package (strict);
 * - shell: each command against the grammar of the tool it runs (the real `pulumi` CLI's help, this
 *   package's CLIs' help, its npm scripts and packages), every version they name this release's; the
 *   emulator session that shows its output is run against an emulator and prints what its comments say;
 * - the README's YAML quickstart and the Installing guide's blocks: run as written by the tests named below;
 * - the repository's layout: each path it names exists.
 * At most five blocks stay unchecked, each with its reason above it (`<!-- unchecked: ... -->`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { releaseVersion } from "../../scripts/release/version";
import { startEmulator } from "../../src/emulator";
import { installingGuideBlocks } from "../release/support/installing-guide";
import { packedPackageDir, stageFolder } from "../support/packed-package";
import { pinnedCli } from "../support/pulumi-cli";
import { checkedPages, codeBlocksOf, readmeYamlQuickstart, type CodeBlock } from "./support/code-blocks";
import { grammarProblems, repositoryTools } from "./support/command-grammar";
import { existsInRepository, layoutPathsOf } from "./support/repository-layout";
import { shellCommandsOf } from "./support/shell-commands";
import { sessionProblems } from "./support/shell-session";
import { typeErrorsOf } from "./support/typecheck-blocks";

const MAX_UNCHECKED = 5;

type Check = "type-checked" | "commands" | "session" | "layout" | "run elsewhere" | "unchecked";

const blocks = checkedPages().flatMap((page) => codeBlocksOf(page));
const where = (block: CodeBlock) => `${block.page}:${block.line}`;

/**
 * The blocks other tests run as users copy them, by where they stand: the README's YAML quickstart
 * (test/plugin/yaml-default-provider.test.ts) and the Installing guide's (test/release/installing.test.ts).
 */
const runElsewhere = new Set([readmeYamlQuickstart(), ...Object.values(installingGuideBlocks())].map(where));

function checkOf(block: CodeBlock): Check | undefined {
  if (block.unchecked !== undefined) return "unchecked";
  if (runElsewhere.has(where(block))) return "run elsewhere";
  if (block.lang === "ts") return "type-checked";
  if (block.lang === "sh") return /^\s*curl /m.test(block.text) ? "session" : "commands";
  if (block.lang === "text") return "layout";
  return undefined;
}

const blocksChecked = (check: Check) => blocks.filter((block) => checkOf(block) === check);

describe("the code blocks of the README and the guides", () => {
  it("has a check for every block, and at most five unchecked, each with its reason", () => {
    expect(blocks.filter((block) => checkOf(block) === undefined).map(where)).toEqual([]);
    const unchecked = blocksChecked("unchecked");
    expect(unchecked.length).toBeLessThanOrEqual(MAX_UNCHECKED);
    for (const block of unchecked) expect(block.unchecked).toMatch(/\w{3,}/);
    // Each kind of check has blocks to check: a change that made one of them vacuous fails here.
    const kinds = ["type-checked", "commands", "session", "layout", "run elsewhere"] as const;
    expect(kinds.filter((check) => blocksChecked(check).length === 0)).toEqual([]);
  });

  it("type-checks every TypeScript block as a program of its own, against the packed package", async () => {
    const dir = await stageFolder("docs-typescript");
    expect(typeErrorsOf(blocksChecked("type-checked"), dir)).toEqual([]);
  }, 120_000);

  it("finds every command of the shell blocks in the grammar of the tool it runs", async () => {
    const tools = repositoryTools(pinnedCli().bin, await packedPackageDir());
    const problems = blocksChecked("commands").flatMap((block) =>
      shellCommandsOf(block)
        .filter((command) => !command.assignsOnly)
        .flatMap((command) =>
          grammarProblems(command, tools).map((problem) => `${block.page}:${command.line}: ${problem}`),
        ),
    );
    expect(problems).toEqual([]);
  }, 120_000);

  it("names this release's version wherever a command names a version (of this package: no other is named)", () => {
    const versions = blocksChecked("commands").flatMap((block) =>
      shellCommandsOf(block).flatMap((command) =>
        command.words.flatMap((word) =>
          [...word.matchAll(/(?<![\d.])\d+\.\d+\.\d+(?!\.?\d)/g)].map(
            (match) => `${block.page}:${command.line}: ${match[0]}`,
          ),
        ),
      ),
    );
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.filter((named) => !named.endsWith(`: ${releaseVersion()}`))).toEqual([]);
  });

  it("runs the emulator session against an emulator: each command prints what its comment says", async () => {
    const [session] = blocksChecked("session");
    const emulator = await startEmulator({ port: 0, apiKeys: ["demo-key"] });
    const cwd = mkdtempSync(join(tmpdir(), "docs-session-"));
    try {
      expect(
        await sessionProblems(session!, { cwd, replace: [["http://127.0.0.1:4010", emulator.url]] }),
      ).toEqual([]);
      // The session did reach the emulator: it created the connector it shows.
      expect(emulator.requestLog.count({ method: "POST" })).toBe(1);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
      await emulator.close();
    }
  });

  it("names only paths of this repository in the layout", () => {
    const paths = blocksChecked("layout").flatMap((block) =>
      layoutPathsOf(block).map((path) => ({ block, path })),
    );
    expect(paths.length).toBeGreaterThan(20);
    expect(
      paths
        .filter(({ path }) => !existsInRepository(path))
        .map(({ block, path }) => `${where(block)}: ${path}`),
    ).toEqual([]);
  });
});
