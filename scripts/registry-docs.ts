/**
 * `npm run docs:registry`: rewrites the generated parts of the Pulumi registry's two pages of this package,
 * docs/_index.md and docs/installation-configuration.md, in place. Everything else on the pages is written by
 * hand; what the script owns is marked:
 *
 *     <!-- include: examples/python-quickstart/quickstart.py -->     the fenced block right after it: the
 *     <!-- include: examples/plugin-quickstart/index.ts from: import -->   file's current content (with
 *                                                                    `from: <text>`, from its first line
 *                                                                    that starts with <text> to its end)
 *     <!-- snippet: go-get -->                                       the fenced block right after it: one of
 *                                                                    SNIPPETS, with package.json's version
 *     <!-- config-table --> ... <!-- /config-table -->               the provider's configuration, from
 *     <!-- resources --> ... <!-- /resources -->                     provider/schema.json, and its resources
 *     <!-- functions --> ... <!-- /functions -->                     and functions
 *
 * A marker whose next line is not a fence gets a new block. test/tools/registry-docs.test.ts fails when a
 * page differs from what this script writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

/** The two pages, relative to the repository's root. */
export const REGISTRY_PAGES = ["docs/_index.md", "docs/installation-configuration.md"] as const;
export type RegistryPage = (typeof REGISTRY_PAGES)[number];

/** The parts of a config variable's schema the table shows. */
export interface ConfigVariable {
  type?: string;
  description?: string;
  default?: unknown;
  secret?: boolean;
  defaultInfo?: { environment?: string[] };
}

/** The parts of provider/schema.json the pages use. */
export interface PackageSchema {
  name: string;
  pluginDownloadURL?: string;
  config?: { variables?: Record<string, ConfigVariable> };
  resources?: Record<string, { description?: string }>;
  functions?: Record<string, { description?: string }>;
  language?: {
    nodejs?: { packageName?: string };
    python?: { packageName?: string };
    go?: { importBasePath?: string };
    java?: { basePackage?: string };
  };
}

/** What the generated parts are made from. */
export interface DocsSources {
  /** package.json's `version`. */
  version: string;
  schema: PackageSchema;
  /** The text of a file of the repository, by its path relative to the root. */
  read(path: string): string;
}

/** The sources of the checkout at `root` (default: this repository). */
export function loadSources(root: string = ROOT): DocsSources {
  const read = (path: string): string => readFileSync(join(root, path), "utf8");
  const pkg = JSON.parse(read("package.json")) as { version?: unknown };
  if (typeof pkg.version !== "string") throw new Error("package.json has no version");
  return { version: pkg.version, schema: JSON.parse(read("provider/schema.json")) as PackageSchema, read };
}

const FENCE_LANGUAGES: Record<string, string> = {
  ".ts": "typescript",
  ".py": "python",
  ".go": "go",
  ".java": "java",
  ".yaml": "yaml",
  ".yml": "yaml",
  ".xml": "xml",
};

interface Block {
  language: string;
  content: string;
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new Error(`provider/schema.json has no ${what}`);
  return value;
}

/** `github://api.github.com/<owner>/<repo>` as `<owner>/<repo>`. */
function githubRepository(schema: PackageSchema): string {
  const url = required(schema.pluginDownloadURL, "pluginDownloadURL");
  const match = /^github:\/\/api\.github\.com\/([^/]+\/[^/]+?)\/?$/.exec(url);
  if (!match) throw new Error(`pluginDownloadURL ${url} is not github://api.github.com/<owner>/<repo>`);
  return match[1];
}

/** A Pulumi YAML resource that names the plugin's version and download URL in its options. */
function yamlResource(schema: PackageSchema, version: string, pluginDownloadURL: string): Block {
  return {
    language: "yaml",
    content: [
      "resources:",
      "  linear:",
      `    type: ${schema.name}:index:Connector`,
      "    properties:",
      "      name: linear-main",
      "      appName: linear",
      "      authScheme: API_KEY",
      "    options:",
      `      version: ${version}`,
      `      pluginDownloadURL: ${pluginDownloadURL}`,
    ].join("\n"),
  };
}

/** The blocks a `<!-- snippet: <name> -->` marker may name. */
export const SNIPPETS: Record<string, (sources: DocsSources) => Block> = {
  "npm-install": ({ schema }) => ({
    language: "sh",
    content: `npm install ${required(schema.language?.nodejs?.packageName, "language.nodejs.packageName")}`,
  }),
  "pip-install": ({ schema }) => ({
    language: "sh",
    // The distribution's name is the module's with dashes (pulumi_integrations: pulumi-integrations).
    content: `pip install ${required(schema.language?.python?.packageName, "language.python.packageName").replace(/_/g, "-")}`,
  }),
  "go-get": ({ schema, version }) => {
    const importPath = required(schema.language?.go?.importBasePath, "language.go.importBasePath");
    // The Go module is the import path's parent folder (sdk/go), its package that folder's `integrations`.
    const module = importPath.slice(0, importPath.lastIndexOf("/"));
    return { language: "sh", content: `go get ${module}@v${version}` };
  },
  maven: ({ read, version }) => {
    // The coordinates the Java SDK is published under: its pom's own (the first groupId and artifactId).
    const pom = read("sdk/java/pom.xml");
    const coordinate = (tag: string): string => {
      const match = new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(pom);
      if (!match) throw new Error(`sdk/java/pom.xml has no ${tag}`);
      return match[1];
    };
    return {
      language: "xml",
      content: [
        "<dependency>",
        `  <groupId>${coordinate("groupId")}</groupId>`,
        `  <artifactId>${coordinate("artifactId")}</artifactId>`,
        `  <version>${version}</version>`,
        "</dependency>",
      ].join("\n"),
    };
  },
  "plugin-install": ({ schema, version }) => ({
    language: "sh",
    content: `pulumi plugin install resource ${schema.name} ${version} --server ${required(schema.pluginDownloadURL, "pluginDownloadURL")}`,
  }),
  "yaml-options": ({ schema, version }) =>
    yamlResource(schema, version, required(schema.pluginDownloadURL, "pluginDownloadURL")),
  // `$${` is Pulumi YAML's escape of `${`: the CLI gets `${VERSION}`, which it replaces with the version.
  "yaml-mirror": ({ schema, version }) =>
    yamlResource(
      schema,
      version,
      `https://github.com/${githubRepository(schema)}/releases/download/v$\${VERSION}/`,
    ),
};

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

/** The configuration table, one row per `config.variables` entry of the schema, in the schema's order. */
export function configTable(schema: PackageSchema): string {
  const variables = Object.entries(schema.config?.variables ?? {});
  if (variables.length === 0) throw new Error("provider/schema.json has no config.variables");
  const rows = variables.map(([name, variable]) => {
    const key = `\`${schema.name}:${name}\`${variable.secret ? " (secret)" : ""}`;
    const environment = variable.defaultInfo?.environment?.map((env) => `\`${env}\``).join(", ") || "–";
    const fallback = variable.default === undefined ? "–" : `\`${JSON.stringify(variable.default)}\``;
    return `| ${key} | ${environment} | ${variable.type ?? "–"} | ${fallback} | ${cell(variable.description ?? "")} |`;
  });
  return [
    "| Key | Environment variable | Type | Default | Description |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** A description's first sentence: up to the first full stop followed by a capital, a backtick or the end. */
function firstSentence(description: string): string {
  const paragraph = description
    .split("\n\n")[0]
    .replace(/\s*\n\s*/g, " ")
    .trim();
  const match = /^.*?\.(?=\s+[A-Z`]|$)/.exec(paragraph);
  return match ? match[0] : paragraph;
}

/** A bullet list of the schema's resources or functions, each linked to its API page in the registry. */
export function memberList(schema: PackageSchema, kind: "resources" | "functions"): string {
  const members = Object.entries(schema[kind] ?? {});
  if (members.length === 0) throw new Error(`provider/schema.json has no ${kind}`);
  return members
    .map(([token, member]) => {
      const name = token.slice(token.lastIndexOf(":") + 1);
      const link = `/registry/packages/${schema.name}/api-docs/${name.toLowerCase()}/`;
      return `- [\`${name}\`](${link}): ${firstSentence(member.description ?? "")}`;
    })
    .join("\n");
}

/** `path`'s content, or with `from` the part from its first line that starts with `from`. */
function included(sources: DocsSources, path: string, from: string | undefined): Block {
  const language = FENCE_LANGUAGES[extname(path)];
  if (!language) throw new Error(`include: no fence language for ${path}`);
  let lines = sources.read(path).replace(/\s+$/, "").split("\n");
  if (from !== undefined) {
    const start = lines.findIndex((line) => line.startsWith(from));
    if (start < 0) throw new Error(`include: no line of ${path} starts with ${JSON.stringify(from)}`);
    lines = lines.slice(start);
  }
  return { language, content: lines.join("\n") };
}

/** The fenced block's lines, with a fence longer than any run of backticks that starts a line of it. */
function fenced(block: Block): string[] {
  const longest = Math.max(0, ...(block.content.match(/^\s*`+/gm) ?? []).map((run) => run.trim().length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [fence + block.language, ...block.content.split("\n"), fence];
}

const BLOCK_MARKER = /^<!-- (include|snippet): (\S+)(?: from: (.+?))? -->$/;
const REGIONS: Record<string, (sources: DocsSources) => string> = {
  "config-table": ({ schema }) => configTable(schema),
  resources: ({ schema }) => memberList(schema, "resources"),
  functions: ({ schema }) => memberList(schema, "functions"),
};

/** `text` (a page) with every generated part as the sources give it; the rest unchanged. */
export function renderPage(text: string, sources: DocsSources = loadSources()): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    out.push(line);
    const block = BLOCK_MARKER.exec(line);
    if (block) {
      const [, kind, name, from] = block;
      let generated: Block;
      if (kind === "include") {
        generated = included(sources, name, from);
      } else {
        const snippet = SNIPPETS[name];
        if (!snippet || from !== undefined) throw new Error(`line ${i + 1}: no snippet ${line}`);
        generated = snippet(sources);
      }
      out.push(...fenced(generated));
      // Skip the block the marker had, if any: its opening fence and everything up to its closing one.
      const opening = /^(`{3,})/.exec(lines[i + 1] ?? "");
      if (opening) {
        const close = lines.findIndex((l, j) => j > i + 1 && l === opening[1]);
        if (close < 0) throw new Error(`line ${i + 2}: the fence after ${line} is never closed`);
        i = close;
      }
      continue;
    }
    const region = /^<!-- ([a-z-]+) -->$/.exec(line);
    if (region && REGIONS[region[1]]) {
      const end = lines.indexOf(`<!-- /${region[1]} -->`, i + 1);
      if (end < 0) throw new Error(`line ${i + 1}: ${line} has no <!-- /${region[1]} -->`);
      out.push("", REGIONS[region[1]](sources), "", lines[end]);
      i = end;
    }
  }
  return out.join("\n");
}

/** What `page` should hold: the page of the checkout at `root`, rendered from that checkout's sources. */
export function expectedPage(page: RegistryPage, root: string = ROOT): string {
  const sources = loadSources(root);
  return renderPage(sources.read(page), sources);
}

/** Rewrites the pages that differ from what they should hold; returns those it rewrote. */
export function writeRegistryPages(root: string = ROOT): RegistryPage[] {
  const written: RegistryPage[] = [];
  for (const page of REGISTRY_PAGES) {
    const expected = expectedPage(page, root);
    if (readFileSync(join(root, page), "utf8") !== expected) {
      writeFileSync(join(root, page), expected);
      written.push(page);
    }
  }
  return written;
}

if (require.main === module) {
  const written = writeRegistryPages();
  console.log(written.length ? `rewrote ${written.join(", ")}` : "the registry pages are up to date");
}
