/**
 * The Java program generator (tools/pulumi-java/programgen, pulumi-java v1.16.0) on the PCL program of the
 * forms the generators get wrong: what it corrects (a function without inputs, on which the generator
 * panics; an enum input given a literal, which it writes as a string; a required config variable, which it
 * reads as an Optional), and the program compiled against sdk/java, which shows the two forms it leaves.
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

test("the program compiles against sdk/java but for the two forms the tool does not correct yet", async () => {
  const errors = (await compileJava({ program: file }, join(stage, "java"))).program ?? "";
  // A list inside a map of any is written as bare elements (`Map.entry("scopes", "repo", "read:org")`), and an
  // invoke's list argument holding an output as the output (`.integrationIds(github.id())`): the docs examples
  // write neither. Every other line compiles.
  const lines = errors.split("\n").filter((line) => /App\.java:\[\d+,\d+\] /.test(line));
  expect(lines.map((line) => /App\.java:\[\d+,\d+\] (.*)$/.exec(line)![1]).sort()).toEqual([
    "method entry in interface java.util.Map<K,V> cannot be applied to given types;",
    "method entry in interface java.util.Map<K,V> cannot be applied to given types;",
    "no suitable method found for integrationIds(com.pulumi.core.Output<java.lang.String>)",
    "no suitable method found for integrationIds(com.pulumi.core.Output<java.lang.String>)",
  ]);
}, 300_000);
