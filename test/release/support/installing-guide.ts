/** The "Installing" guide (docs/guides/installing.md), as its blocks: what a user copies, found by what each block runs. */
import { oneBlockOf, type CodeBlock } from "../../docs/support/code-blocks";

export const INSTALLING_GUIDE = "docs/guides/installing.md";

export interface InstallingBlocks {
  npm: string;
  pip: string;
  goGet: string;
  maven: string;
  yaml: string;
  pluginInstall: string;
}

const picks: Record<keyof InstallingBlocks, [string, (block: CodeBlock) => boolean]> = {
  npm: ["run npm install", (block) => block.lang === "sh" && block.text.startsWith("npm install")],
  pip: ["run pip install", (block) => block.lang === "sh" && block.text.startsWith("pip install")],
  goGet: ["run go get", (block) => block.lang === "sh" && block.text.startsWith("go get")],
  maven: ["are a Maven dependency", (block) => block.lang === "xml"],
  yaml: ["are a YAML program", (block) => block.lang === "yaml"],
  pluginInstall: [
    "install the plugin",
    (block) => block.lang === "sh" && block.text.startsWith("pulumi plugin install"),
  ],
};

/** Each block the installing test runs, with where it stands in the guide (for the docs' code-block check). */
export function installingGuideCodeBlocks(): Record<keyof InstallingBlocks, CodeBlock> {
  return Object.fromEntries(
    Object.entries(picks).map(([name, [description, test]]) => [
      name,
      oneBlockOf(INSTALLING_GUIDE, description, test),
    ]),
  ) as Record<keyof InstallingBlocks, CodeBlock>;
}

export function installingGuideBlocks(): InstallingBlocks {
  const blocks = installingGuideCodeBlocks();
  return Object.fromEntries(
    Object.entries(blocks).map(([name, block]) => [name, block.text]),
  ) as unknown as InstallingBlocks;
}
