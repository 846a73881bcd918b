/**
 * The docs examples: one PCL program per resource and function, `provider/examples/<name>/main.pp` (the name is
 * the token's last part: `Connector`, `getApps`), and beside it the program in each language as the pinned
 * generators write it (`npm run examples`, never edited by hand). The schema's description of each resource and
 * function carries them as Pulumi's examples block, which each SDK generator filters to its own language.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The checkout (this file is src/plugin/schema/examples.ts). */
const ROOT = resolve(__dirname, "..", "..", "..");

export const EXAMPLES_DIR = join(ROOT, "provider", "examples");

/** The PCL program of an example, written by hand. */
export const PCL_FILE = "main.pp";

/**
 * In the order the docs block shows them (the order of Pulumi's own docs). Each name is also the fence its
 * snippet is written in, which the SDK generators keep or drop by their language.
 */
export const EXAMPLE_LANGUAGES = ["typescript", "python", "go", "java", "yaml"] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

/**
 * Each language's program, relative to the example's folder: the file each generator writes (`pulumi convert`
 * names Java's App.java and YAML's program Main.yaml, beside a Pulumi.yaml of the project).
 */
export const EXAMPLE_FILES: Record<ExampleLanguage, string> = {
  typescript: "typescript/index.ts",
  python: "python/__main__.py",
  go: "go/main.go",
  java: "java/App.java",
  yaml: "yaml/Main.yaml",
};

/** The folder of a language's program in an example's folder ("typescript" of "typescript/index.ts"). */
export function languageFolder(language: ExampleLanguage): string {
  return EXAMPLE_FILES[language].split("/")[0]!;
}

/** The examples' folder names (each holding a main.pp), sorted. */
export function exampleNames(dir: string = EXAMPLES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, PCL_FILE)))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The example's title: the first line of the PCL program's leading comment, without a closing period, or the
 * name when the program starts with no comment.
 */
export function exampleTitle(pcl: string, name: string): string {
  const first = /^\s*\/\/[ \t]*(.*\S)/.exec(pcl)?.[1];
  return first ? first.replace(/\.$/, "") : name;
}

/**
 * The examples block of the example `name`, or "" when it has none: its title, then each language's program
 * found in its folder (test/plugin/docs-examples.test.ts checks that every language has one).
 */
export function examplesSection(name: string, dir: string = EXAMPLES_DIR): string {
  const folder = join(dir, name);
  if (!existsSync(join(folder, PCL_FILE))) return "";
  const snippets = EXAMPLE_LANGUAGES.filter((language) =>
    existsSync(join(folder, EXAMPLE_FILES[language])),
  ).map((language) => {
    const code = readFileSync(join(folder, EXAMPLE_FILES[language]), "utf8").replace(/\s+$/, "");
    return `\`\`\`${language}\n${code}\n\`\`\``;
  });
  if (snippets.length === 0) return "";
  const title = exampleTitle(readFileSync(join(folder, PCL_FILE), "utf8"), name);
  return (
    "{{% examples %}}\n## Example Usage\n\n{{% example %}}\n" +
    `### ${title}\n\n${snippets.join("\n")}\n{{% /example %}}\n{{% /examples %}}`
  );
}
