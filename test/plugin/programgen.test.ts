/**
 * The program generator (tools/pulumi/programgen) on a PCL program of the plugin's tokens with the forms that
 * pkg/v3 v3.276.0's generators get wrong and the tool corrects (a list holding an output, as an invoke's
 * argument, for Python; a list in a map of any, a property of an invoke's result, a function the Go SDK names
 * LookupX and a function without inputs, for Go), and its one-line errors.
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
  const checked = await typecheckPython(
    { program: join(dirs.python, programFiles.python) },
    join(stage, "py"),
  );
  expect(checked).toEqual({ filesAnalyzed: 1, errors: {} });
}, 300_000);

test("Go gets a list inside a map of any as a pulumi.Array of inputs (the generator writes pulumi.Any{...})", () => {
  expect(program("go")).toContain('"scopes": pulumi.Array{\n\t\t\t\t\tpulumi.Any("repo"),\n');
  expect(program("go")).not.toContain("pulumi.Any{");
});

test("Go reads a property of an invoke's result by the SDK's typed accessor (the generator asserts a field)", () => {
  expect(program("go")).toContain('ctx.Export("githubTriggers", githubTriggersVar.Triggers())');
  expect(program("go")).not.toContain(".(pulumi.ArrayOutput)");
});

test("Go calls getConnector by the SDK's name LookupConnector (the generator writes GetConnector)", () => {
  expect(program("go")).toContain(
    "integrations.LookupConnectorOutput(ctx, integrations.LookupConnectorOutputArgs{",
  );
  expect(program("go")).not.toMatch(/integrations\.GetConnector/);
});

test("Go calls a function without inputs in its output form without arguments (the generator passes a map)", () => {
  expect(program("go")).toContain("catalog := integrations.GetAppsOutput(ctx, nil)");
  expect(program("go")).toContain('ctx.Export("apps", catalog.Apps())');
  expect(program("go")).not.toContain("map[string]interface{}{}");
});

test("the corrected Go program builds and passes go vet against sdk/go", async () => {
  const errors = await buildGo({ program: join(dirs.go, programFiles.go) }, join(stage, "golang"));
  expect(errors).toEqual({});
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
