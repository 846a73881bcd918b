/**
 * The Java program generator (tools/pulumi-java/programgen, pulumi-java v1.16.0) on the PCL program of the
 * forms the generators get wrong: what it corrects (a function without inputs, on which the generator
 * panics; an enum input given a literal, which it writes as a string; a required config variable, which it
 * reads as an Optional; a list inside a map of any, written as bare elements; an invoke's list argument holding
 * an output, passed as the output), and the program compiled against sdk/java.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateJavaProgram } from "../../tools/pulumi-java/programgen";
import { createStageRoot } from "../support/packed-package";
import { compileJava } from "./support/generated-programs";

const REPO = resolve(__dirname, "..", "..");
const SCHEMA = join(REPO, "provider", "schema.json");
const FAULTS = join(REPO, "test", "fixtures", "programgen", "generator-faults");

let stage: string;
let file: string;
let source: string;

beforeAll(async () => {
  stage = mkdtempSync(join(createStageRoot(), "programgen-java-"));
  // The first run builds the generator: seconds once Go's caches are filled.
  const dir = await generateJavaProgram({
    pclDir: FAULTS,
    schemaPaths: [SCHEMA],
    outDir: join(stage, "out"),
  });
  file = join(dir, "App.java");
  source = readFileSync(file, "utf8");
}, 300_000);

test("a function without inputs is called without arguments (the generator panics on it)", () => {
  expect(source).toContain("final var catalog = IntegrationsFunctions.getApps();");
  expect(source).not.toContain("NoInputs__");
});

test("an enum input given a literal is the SDK's enum constant, imported (the generator writes the string)", () => {
  expect(source).toContain(".onDelete(IntegrationStateOnDelete.Restore)");
  expect(source).toContain(
    "import io.github.pulumiintegrations.integrations.enums.IntegrationStateOnDelete;",
  );
  expect(source).not.toContain("__programgen_enum__");
});

test("a config variable without a default is required, secret as declared (the generator reads an Optional)", () => {
  expect(source).toContain('final var githubClientSecret = config.requireSecret("githubClientSecret");');
  expect(source).not.toContain("config.get(");
});

test("a list inside a map of any is a List.of (the generator writes its bare elements)", () => {
  expect(source).toContain('Map.entry("scopes",');
  expect(source).toMatch(/Map\.entry\("scopes",\s+List\.of\("repo",\s+"read:org"\)\)/);
  expect(source).not.toContain("__programgen_list");
});

test("an invoke's list argument holding an output is one output of the list (the generator passes the output)", () => {
  expect(source).toMatch(
    /\.integrationIds\(github\.id\(\)\.applyValue\(_githubId ->\s+List\.of\(_githubId\)\)\)/,
  );
});

test("the corrected program compiles against sdk/java", async () => {
  expect(await compileJava({ program: file }, join(stage, "java"))).toEqual({});
}, 300_000);
