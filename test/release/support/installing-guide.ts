/** The "Installing" guide (docs/guides/installing.md), as its blocks: what a user copies, found by what each block runs. */
import { oneBlockOf, type CodeBlock } from "../../docs/support/code-blocks";

const picks = {
  npm: ["run npm install", (block) => block.lang === "sh" && block.text.startsWith("npm install")],
  pip: ["run pip install", (block) => block.lang === "sh" && block.text.startsWith("pip install")],
  goGet: ["run go get", (block) => block.lang === "sh" && block.text.startsWith("go get")],
  maven: ["are a Maven dependency", (block) => block.lang === "xml"],
  yaml: ["are a YAML program", (block) => block.lang === "yaml"],
  pluginInstall: [
    "install the plugin",
    (block) => block.lang === "sh" && block.text.startsWith("pulumi plugin install"),
  ],
} satisfies Record<string, [string, (block: CodeBlock) => boolean]>;

/** Each block the installing test runs, with where it stands in the guide (for the docs' code-block check). */
export function installingGuideBlocks(): Record<keyof typeof picks, CodeBlock> {
  return Object.fromEntries(
    Object.entries(picks).map(([name, [description, test]]) => [
      name,
      oneBlockOf("docs/guides/installing.md", description, test),
    ]),
  ) as Record<keyof typeof picks, CodeBlock>;
}
