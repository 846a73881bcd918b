/** The "Installing" guide (docs/guides/installing.md), as its blocks: what a user copies, found by what each block runs. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface InstallingBlocks {
  npm: string;
  pip: string;
  goGet: string;
  maven: string;
  yaml: string;
  pluginInstall: string;
}

export function installingGuideBlocks(
  guide = readFileSync(join(__dirname, "..", "..", "..", "docs", "guides", "installing.md"), "utf8"),
): InstallingBlocks {
  const blocks = [...guide.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, text]) => ({
    lang: lang!,
    text: text!,
  }));
  const one = (description: string, test: (block: { lang: string; text: string }) => boolean): string => {
    const found = blocks.filter(test);
    if (found.length !== 1)
      throw new Error(`docs/guides/installing.md has ${found.length} blocks that ${description}, not one`);
    return found[0]!.text;
  };
  return {
    npm: one("run npm install", (block) => block.lang === "sh" && block.text.startsWith("npm install")),
    pip: one("run pip install", (block) => block.lang === "sh" && block.text.startsWith("pip install")),
    goGet: one("run go get", (block) => block.lang === "sh" && block.text.startsWith("go get")),
    maven: one("are a Maven dependency", (block) => block.lang === "xml"),
    yaml: one("are a YAML program", (block) => block.lang === "yaml"),
    pluginInstall: one(
      "install the plugin",
      (block) => block.lang === "sh" && block.text.startsWith("pulumi plugin install"),
    ),
  };
}
