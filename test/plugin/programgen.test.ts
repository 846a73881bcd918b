/**
 * The program generator (tools/pulumi/programgen) on a PCL program of the plugin's tokens with the forms that
 * pkg/v3 v3.259.0's generators get wrong: what the tool rewrites (a list holding an output, as an invoke's
 * argument, for Python), what it leaves (the two Go faults that examples/yaml-quickstart writes around: when
 * this test finds Go compiling them, the quickstart can write them plainly again), and its one-line errors.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { generatePrograms, programFiles, type ProgramLanguage } from "../../tools/pulumi/programgen";
import { createStageRoot } from "../support/packed-package";
import { buildGo, typecheckPython } from "./support/generated-programs";

const REPO = resolve(__dirname, "..", "..");
const SCHEMA = join(REPO, "provider", "schema.json");
const FAULTS = join(REPO, "test", "fixtures", "programgen", "generator-faults");

let stage: string;
let dirs: Record<ProgramLanguage, string>;
const program = (language: ProgramLanguage) =>
  readFileSync(join(dirs[language], programFiles[language]), "utf8");

beforeAll(async () => {
  stage = mkdtempSync(join(createStageRoot(), "programgen-"));
  // The first run builds the generator: seconds once `npm run pulumi` has filled Go's caches.
  dirs = await generatePrograms({ pclDir: FAULTS, schemaPaths: [SCHEMA], outDir: join(stage, "out") });
}, 300_000);

test("each language's program uses the plugin's SDK of that language", () => {
  expect(program("typescript")).toContain('import * as integrations from "@pulumi-integrations/sdk";');
  expect(program("python")).toContain("import pulumi_integrations as integrations");
  expect(program("go")).toContain('"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"');
});

test("Python gets an invoke's list argument holding an output as one output of the list; the others as written", async () => {
  expect(program("python")).toContain(
    "integrations.get_triggers_output(integration_ids=github.id.apply(lambda github_id: [github_id]))",
  );
  expect(program("typescript")).toContain("integrationIds: [github.id],");
  // The SDK's output form types the argument pulumi.Input[Sequence[str]]: the rewritten program passes pyright.
  const checked = await typecheckPython({ program: join(dirs.python, programFiles.python) }, join(stage, "py"));
  expect(checked).toEqual({ filesAnalyzed: 1, errors: {} });
}, 300_000);

test("Go still does not compile a list inside a map of any, nor a property of an invoke's result", async () => {
  const errors = (await buildGo({ program: join(dirs.go, programFiles.go) }, join(stage, "golang"))).program;
  expect(errors).toContain("pulumi.Any (value of type func(v any) pulumi.AnyOutput) is not a type");
  expect(errors).toContain(
    "githubTriggersVar.Triggers (variable of type []integrations.Trigger) is not an interface",
  );
}, 300_000);

test("a program using a package without a schema fails in one line naming it", async () => {
  const dir = join(stage, "aws");
  mkdirSync(dir);
  writeFileSync(join(dir, "program.pp"), 'resource b "aws:s3/bucket:Bucket" {\n\tbucket = "x"\n}\n');
  await expect(
    generatePrograms({ pclDir: dir, schemaPaths: [SCHEMA], outDir: join(stage, "aws-out") }),
  ).rejects.toThrow(
    /^programgen: typescript: the program uses package "aws", and no -schema file declares it$/,
  );
});

test("a property the schema does not know fails the binding in one line", async () => {
  const dir = join(stage, "unknown-property");
  mkdirSync(dir);
  writeFileSync(join(dir, "program.pp"), 'resource c "integrations:index:Connector" {\n\tnope = 1\n}\n');
  await expect(
    generatePrograms({ pclDir: dir, schemaPaths: [SCHEMA], outDir: join(stage, "unknown-out") }),
  ).rejects.toThrow(/^programgen: typescript: program\.pp:\d+,\d+-\d+: unsupported attribute 'nope'$/);
});
