/**
 * examples/yaml-quickstart converted as scripts/convert-yaml-quickstart.ts does it: `pulumi convert --from yaml
 * --language pcl` through the real pulumi-converter-yaml (the plugin's schema from its tarball), then
 * TypeScript, Python and Go by tools/pulumi/programgen (pkg/v3 v3.276.0's GenerateProgram). The checked-in
 * examples/yaml-quickstart/converted/ must be what that writes now, and each program must type-check and
 * compile against the project's SDK of its language: TypeScript with tsc against the built sdk/nodejs,
 * Python with py_compile and pyright against sdk/python and the pinned `pulumi`, Go with go build and go vet
 * against sdk/go through a `replace`.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  convertYamlQuickstart,
  YAML_QUICKSTART,
  type ConvertedQuickstart,
} from "../../scripts/convert-yaml-quickstart";
import { filesUnder } from "../../tools/content-hash";
import { programFiles } from "../../tools/pulumi/programgen";
import { createStageRoot } from "../support/packed-package";
import { buildGo, typecheckPython, typecheckTypeScript } from "./support/generated-programs";
import { pluginTarball } from "./support/plugin-tarball";

const CHECKED_IN = join(YAML_QUICKSTART, "converted");

let stage: string;
let converted: ConvertedQuickstart;

/** Every file below `dir`, by its path relative to `dir`, with its text. */
function tree(dir: string): Record<string, string> {
  return Object.fromEntries(filesUnder(dir).map((file) => [relative(dir, file), readFileSync(file, "utf8")]));
}

beforeAll(async () => {
  stage = mkdtempSync(join(createStageRoot(), "yaml-converted-"));
  converted = await convertYamlQuickstart(join(stage, "converted"), { tarball: await pluginTarball() });
}, 600_000);

test("the converter turns every resource, the invoke and the outputs into PCL on the plugin's tokens", () => {
  expect(converted.convertOutput).toContain("Converting to pcl");
  const pcl = readFileSync(join(converted.pclDir, "program.pp"), "utf8");
  expect(pcl).toContain('resource github "integrations:index:Connector"');
  expect(pcl).toContain('resource linear "integrations:index:Connector"');
  expect(pcl).toContain('resource sharedSlack "integrations:index:IntegrationState"');
  expect(pcl).toContain('invoke("integrations:index:getTriggers"');
  expect(pcl.match(/^output \w+ \{/gm)).toHaveLength(5);
  expect(pcl).toMatch(/config githubClientSecret string \{[^}]*secret = true/);
});

test("examples/yaml-quickstart/converted is what the converter and the program generator write now", () => {
  // `npm run convert:yaml-quickstart` rewrites it.
  expect(tree(CHECKED_IN)).toEqual(tree(join(stage, "converted")));
  expect(Object.keys(tree(CHECKED_IN)).sort()).toEqual(
    ["pcl/program.pp", "typescript/index.ts", "python/__main__.py", "go/main.go"].sort(),
  );
});

test("the TypeScript program type-checks against the built Node.js SDK", async () => {
  const program = join(converted.programs.typescript, programFiles.typescript);
  expect(await typecheckTypeScript({ program }, join(stage, "ts"))).toEqual({});
}, 120_000);

test("the Python program compiles and passes pyright against sdk/python and the pinned pulumi", async () => {
  const program = join(converted.programs.python, programFiles.python);
  expect(await typecheckPython({ program }, join(stage, "py"))).toEqual({ filesAnalyzed: 1, errors: {} });
}, 300_000);

test("the Go program builds and passes go vet against sdk/go through a replace", async () => {
  expect(
    await buildGo({ program: join(converted.programs.go, programFiles.go) }, join(stage, "golang")),
  ).toEqual({});
}, 300_000);
