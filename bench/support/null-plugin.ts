/**
 * The null plugin's tarball (../plugin/null-plugin.ts): the real plugin's tarball (test/plugin/support/
 * plugin-tarball.ts, `npm run package-plugin`'s function) with the null plugin's JavaScript added and the
 * executable pointed at it. So the null plugin runs on the same Node, the same compiled server and the same
 * dependencies as the real one, and the engine installs and starts it the same way; only its handlers differ.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { createStageRoot } from "../../test/support/packed-package";
import { pluginTarball } from "../../test/plugin/support/plugin-tarball";
import { NULL_PLUGIN_VERSION } from "../plugin/null-plugin";
import { tarballName } from "../../scripts/package-plugin";

const SOURCE = join(__dirname, "..", "plugin", "null-plugin.ts");
const EXECUTABLE = "pulumi-resource-integrations";
/** In the tarball, next to dist/: its imports of ../../src/<path> become ../dist/<path>. */
const FOLDER = "bench-null";

export interface PluginBuild {
  tarball: string;
  version: string;
}

/** The real plugin's tarball and version: what users install. */
export async function realPlugin(): Promise<PluginBuild> {
  const { version } = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
    version: string;
  };
  return { tarball: await pluginTarball(), version };
}

/** The null plugin's tarball (built once per stage folder) and the version it is installed under. */
export async function nullPlugin(): Promise<PluginBuild> {
  const dir = join(createStageRoot(), "null-plugin");
  const tarball = join(dir, tarballName(NULL_PLUGIN_VERSION));
  if (existsSync(tarball)) return { tarball, version: NULL_PLUGIN_VERSION };
  const real = await pluginTarball();
  const root = join(dir, "root");
  mkdirSync(root, { recursive: true });
  execFileSync("tar", ["-xzf", real, "-C", root]);
  mkdirSync(join(root, FOLDER), { recursive: true });
  writeFileSync(join(root, FOLDER, "null-plugin.js"), compiled());
  const launcher = join(root, EXECUTABLE);
  writeFileSync(
    launcher,
    [
      "#!/usr/bin/env node",
      "// The benchmarks' null plugin (bench/plugin/null-plugin.ts in pulumi-integrations): prints its port and serves.",
      `require("./${FOLDER}/null-plugin.js")`,
      '  .main(require("node:path").join(__dirname, "provider", "schema.json"))',
      "  .catch((error) => {",
      "    console.error(error instanceof Error ? error.message : error);",
      "    process.exit(1);",
      "  });",
      "",
    ].join("\n"),
  );
  chmodSync(launcher, 0o755);
  execFileSync("tar", ["-czf", `${tarball}.partial`, "-C", root, "."]);
  renameSync(`${tarball}.partial`, tarball);
  return { tarball, version: NULL_PLUGIN_VERSION };
}

/** The null plugin as CommonJS, its imports of the package's sources pointed at the tarball's dist/. */
function compiled(): string {
  const { outputText } = ts.transpileModule(readFileSync(SOURCE, "utf8"), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
    fileName: SOURCE,
  });
  const text = outputText.replace(/require\("\.\.\/\.\.\/src\//g, 'require("../dist/');
  const stray = [...text.matchAll(/require\("(\.[^"]*)"\)/g)]
    .map((match) => match[1]!)
    .filter((path) => !path.startsWith("../dist/"));
  if (stray.length > 0)
    throw new Error(
      `bench/plugin/null-plugin.ts may import only src/ (the tarball has nothing else): ${stray}`,
    );
  return text;
}
