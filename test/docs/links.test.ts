/**
 * The docs' links: every relative link of the README, the policy pack's README and the docs pages reaches a file
 * of the repository and, with an anchor, one of its headings; every repository path the prose names (a test, a
 * source file, an example) exists. Pages outside the repository are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { REPOSITORY as ROOT } from "./support/code-blocks";
import { anchorsOf, linksOf, namedPathsOf } from "./support/markdown";
/**
 * The folders whose paths prose names: a named path under one of them must exist (or begin one that does: a
 * glob, `test/plugin/programgen*.test.ts`, or a path wrapped at the end of a line). Generated output (`sdk/`,
 * `docs/api/`, `bench/results/`) and other modules' paths (`sdk/v3/go/auto`) are not among them.
 */
const PATH_ROOTS = ["test", "src", "examples", "tools", "scripts", "policy"];
/** The Pulumi registry's pages (scripts/registry-docs.ts): their paths are a user's project's, their `/...` links the registry's. */
const REGISTRY_PAGES = new Set(["docs/_index.md", "docs/installation-configuration.md"]);

function pages(): string[] {
  const docs = join(ROOT, "docs");
  const underDocs = readdirSync(docs, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => join(docs, file));
  return [
    join(ROOT, "README.md"),
    join(ROOT, "CHANGELOG.md"),
    join(ROOT, "policy", "README.md"),
    ...underDocs,
  ];
}

const where = (page: string, line: number) => `${relative(ROOT, page)}:${line}`;

/** Whether `path` exists, or begins the path of a file or folder that does. */
function existsOrBegins(path: string): boolean {
  if (existsSync(join(ROOT, path))) return true;
  const dir = dirname(path);
  const start = path.slice(dir.length + 1);
  return existsSync(join(ROOT, dir)) && readdirSync(join(ROOT, dir)).some((name) => name.startsWith(start));
}

describe.each(pages().map((page) => [relative(ROOT, page), page]))("%s", (name, page) => {
  const text = readFileSync(page, "utf8");

  it("links only to files and headings that exist", () => {
    const broken = linksOf(text).flatMap(({ target, line }) => {
      if (target.startsWith("/"))
        return REGISTRY_PAGES.has(name) ? [] : [`${where(page, line)}: ${target} (absolute)`];
      const [path, anchor] = target.split("#") as [string, string | undefined];
      const file = path === "" ? page : resolve(dirname(page), decodeURI(path));
      if (!existsSync(file)) return [`${where(page, line)}: ${target} (no such file)`];
      if (anchor === undefined || anchor === "") return [];
      if (statSync(file).isDirectory() || !file.endsWith(".md"))
        return [`${where(page, line)}: ${target} (an anchor outside a Markdown page)`];
      return anchorsOf(file).has(anchor) ? [] : [`${where(page, line)}: ${target} (no such heading)`];
    });
    expect(broken).toEqual([]);
  });

  it("names only repository paths that exist", () => {
    const named = REGISTRY_PAGES.has(name) ? [] : namedPathsOf(text, PATH_ROOTS);
    const missing = named
      .filter(({ target }) => !existsOrBegins(target))
      .map(({ target, line }) => `${where(page, line)}: ${target}`);
    expect(missing).toEqual([]);
  });
});
