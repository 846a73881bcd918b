/**
 * The Pulumi registry's pages of the package (docs/_index.md, docs/installation-configuration.md) are what
 * `npm run docs:registry` (scripts/registry-docs.ts) writes: the quickstarts as they are, the version of
 * package.json, the configuration of provider/schema.json.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import {
  REGISTRY_PAGES,
  expectedPage,
  loadSources,
  renderPage,
  type DocsSources,
  type RegistryPage,
} from "../../scripts/registry-docs";

const ROOT = resolve(__dirname, "../..");
const read = (page: RegistryPage): string => readFileSync(join(ROOT, page), "utf8");

/** Where two texts first differ, as a line number and the line of each. */
function firstDifference(actual: string, expected: string): string {
  const a = actual.split("\n");
  const e = expected.split("\n");
  for (let i = 0; i < Math.max(a.length, e.length); i++) {
    if (a[i] !== e[i]) {
      return `line ${i + 1}:\n  the page has      ${JSON.stringify(a[i] ?? "(end of file)")}\n  the script writes ${JSON.stringify(e[i] ?? "(end of file)")}`;
    }
  }
  return "no difference";
}

/** The text between a page's `<!-- name -->` and `<!-- /name -->`. */
function region(text: string, name: string): string {
  const start = text.indexOf(`<!-- ${name} -->`);
  const end = text.indexOf(`<!-- /${name} -->`);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return text.slice(start, end);
}

/** The fenced block right after `marker` in `text`, fences included. */
function blockAfter(text: string, marker: string): string {
  const at = text.indexOf(marker);
  expect(at).toBeGreaterThanOrEqual(0);
  const open = at + marker.length + 1;
  const close = text.indexOf("\n```\n", open);
  expect(close).toBeGreaterThan(open);
  return text.slice(open, close + 4);
}

const PYTHON_QUICKSTART = "<!-- include: examples/python-quickstart/quickstart.py from: import -->";

describe("the registry pages", () => {
  it.each(REGISTRY_PAGES)("%s is what npm run docs:registry writes", (page) => {
    const actual = read(page);
    const expected = expectedPage(page);
    if (actual !== expected) {
      throw new Error(
        `${page} differs from what the script writes (run \`npm run docs:registry\`), first at ${firstDifference(actual, expected)}`,
      );
    }
  });

  it("the check can fail: a stale included block, version or table is written afresh", () => {
    const sources = loadSources();
    const index = read("docs/_index.md");
    const staleIndex = index.replace("def quickstart() -> None:", "def quickstart():");
    expect(staleIndex).not.toBe(index);
    expect(renderPage(staleIndex, sources)).toBe(index);

    const install = read("docs/installation-configuration.md");
    const staleInstall = install
      .replace(`/sdk/go@v${sources.version}`, "/sdk/go@v0.0.1")
      .replace(region(install, "config-table"), "<!-- config-table -->\n| stale |\n");
    expect(staleInstall).not.toBe(install);
    expect(renderPage(staleInstall, sources)).toBe(install);
  });

  it("the pages follow the quickstarts' files and package.json's version", () => {
    const sources = loadSources();
    const changed: DocsSources = {
      ...sources,
      version: "9.8.7",
      read: (path) =>
        path === "examples/python-quickstart/quickstart.py"
          ? sources.read(path).replace("def quickstart() -> None:", "def quickstart_v2() -> None:")
          : sources.read(path),
    };
    const index = read("docs/_index.md");
    const rendered = renderPage(index, changed);
    expect(rendered).not.toBe(index);
    expect(blockAfter(rendered, PYTHON_QUICKSTART)).toContain("def quickstart_v2() -> None:");

    const install = renderPage(read("docs/installation-configuration.md"), changed);
    expect(blockAfter(install, "<!-- snippet: go-get -->")).toContain("/sdk/go@v9.8.7\n");
    expect(blockAfter(install, "<!-- snippet: maven -->")).toContain("<version>9.8.7</version>");
    expect(blockAfter(install, "<!-- snippet: plugin-install -->")).toContain(" integrations 9.8.7 ");
    expect(blockAfter(install, "<!-- snippet: yaml-mirror -->")).toContain(
      "/releases/download/v$${VERSION}/",
    );
  });

  it.each(REGISTRY_PAGES)("%s has the registry's front matter", (page) => {
    const match = /^---\n([\s\S]*?)\n---\n/.exec(read(page));
    expect(match).not.toBeNull();
    const frontMatter = parse(match![1]) as Record<string, unknown>;
    expect(typeof frontMatter.title).toBe("string");
    expect(typeof frontMatter.meta_desc).toBe("string");
    expect((frontMatter.title as string).length).toBeGreaterThan(0);
    expect((frontMatter.meta_desc as string).length).toBeGreaterThan(0);
    expect(frontMatter.layout).toBe("package");
  });

  it("the configuration table has every config variable of the schema, with its environment variable", () => {
    const { schema } = loadSources();
    const rows = region(read("docs/installation-configuration.md"), "config-table")
      .split("\n")
      .filter((line) => line.startsWith("| `"));
    const variables = Object.entries(schema.config?.variables ?? {});
    expect(variables.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(variables.length);
    for (const [name, variable] of variables) {
      const row = rows.find((r) => r.startsWith(`| \`${schema.name}:${name}\``));
      expect(row).toBeDefined();
      for (const env of variable.defaultInfo?.environment ?? []) expect(row).toContain(`| \`${env}\` |`);
      if (variable.secret) expect(row).toContain("(secret)");
    }
  });

  it("the example has a tab per language, each with a quickstart included", () => {
    const index = read("docs/_index.md");
    expect(index).toContain('{{< chooser language "typescript,python,go,java,yaml" >}}');
    for (const language of ["typescript", "python", "go", "java", "yaml"]) {
      const start = index.indexOf(`{{% choosable language ${language} %}}`);
      expect(start).toBeGreaterThanOrEqual(0);
      const section = index.slice(start, index.indexOf("{{% /choosable %}}", start));
      expect(section).toMatch(/<!-- include: examples\/[^ ]+ /);
    }
  });
});
