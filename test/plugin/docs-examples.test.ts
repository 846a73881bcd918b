/**
 * The docs examples (provider/examples/<name>/main.pp and the programs `npm run examples` writes beside it):
 * the checked-in programs are what the pinned generators write now, and every one compiles against the
 * project's SDK of its language, each language in one run of its tool (tsc, pyright, go build and go vet, one
 * Maven compile), every example in every language. test/plugin/schema.test.ts checks that the schema carries
 * the checked-in programs; test/plugin/docs-examples-yaml.test.ts runs the YAML programs against the emulator.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  EXAMPLE_FILES,
  EXAMPLE_LANGUAGES,
  EXAMPLES_DIR,
  exampleNames,
  languageFolder,
  type ExampleLanguage,
} from "../../src/plugin/schema/examples";
import { filesUnder } from "../../tools/content-hash";
import { generateExamples, type GeneratedExamples } from "../../tools/examples/generate";
import { createStageRoot } from "../support/packed-package";
import {
  buildGo,
  compileJava,
  typecheckPython,
  typecheckTypeScript,
  type Programs,
} from "./support/generated-programs";

let stage: string;
let generatedDir: string;
let generated: GeneratedExamples;

/** The files below `dir`, relative to it. */
function filesIn(dir: string): string[] {
  return filesUnder(dir).map((file) => relative(dir, file));
}

/** The examples' programs of a language that the generators wrote, by example name. */
function programsOf(language: ExampleLanguage): Programs {
  return Object.fromEntries(
    generated.names
      .map((name) => [name, join(generatedDir, name, EXAMPLE_FILES[language])] as const)
      .filter(([, path]) => existsSync(path)),
  );
}

beforeAll(async () => {
  stage = mkdtempSync(join(createStageRoot(), "docs-examples-"));
  generatedDir = join(stage, "generated");
  // Builds the YAML and Java program generators first when their sources changed (seconds once
  // `npm run pulumi` has filled Go's caches).
  generated = await generateExamples({ outDir: generatedDir });
}, 300_000);

test("there is an example for each resource and function of the schema", () => {
  const schema = JSON.parse(readFileSync(join(EXAMPLES_DIR, "..", "schema.json"), "utf8")) as {
    resources: Record<string, unknown>;
    functions: Record<string, unknown>;
  };
  const tokens = [...Object.keys(schema.resources), ...Object.keys(schema.functions)];
  expect(exampleNames()).toEqual(tokens.map((token) => token.split(":")[2]).sort());
});

test("provider/examples holds what `npm run examples` writes now (run it and commit the result)", () => {
  const stale: string[] = [];
  for (const name of generated.names) {
    for (const language of EXAMPLE_LANGUAGES) {
      const folder = join(name, languageFolder(language));
      const fresh = filesIn(join(generatedDir, folder));
      const kept = filesIn(join(EXAMPLES_DIR, folder));
      for (const file of new Set([...fresh, ...kept])) {
        const same =
          fresh.includes(file) &&
          kept.includes(file) &&
          readFileSync(join(generatedDir, folder, file)).equals(
            readFileSync(join(EXAMPLES_DIR, folder, file)),
          );
        if (!same) stale.push(`provider/examples/${folder}/${file}`);
      }
    }
  }
  // Each names a file that differs, is missing or is no longer generated.
  expect(stale).toEqual([]);
});

test("every example has its program in every language, each in the schema's description", () => {
  const schema = JSON.parse(readFileSync(join(EXAMPLES_DIR, "..", "schema.json"), "utf8")) as {
    resources: Record<string, { description: string }>;
    functions: Record<string, { description: string }>;
  };
  const descriptions = Object.fromEntries(
    [...Object.entries(schema.resources), ...Object.entries(schema.functions)].map(([token, spec]) => [
      token.split(":")[2]!,
      spec.description,
    ]),
  );
  const missing = generated.names.flatMap((name) =>
    EXAMPLE_LANGUAGES.filter((language) => {
      const file = join(EXAMPLES_DIR, name, EXAMPLE_FILES[language]);
      if (!existsSync(file)) return true;
      const code = readFileSync(file, "utf8").trimEnd();
      return !descriptions[name]?.includes(`\`\`\`${language}\n${code}\n\`\`\``);
    }).map((language) => `${name}/${EXAMPLE_FILES[language]}`),
  );
  expect(missing).toEqual([]);
});

test("a YAML program's comments are the PCL's without its `//` (the generator keeps it after the first line)", () => {
  const yaml = readFileSync(join(generatedDir, "Connector", EXAMPLE_FILES.yaml), "utf8");
  expect(yaml).toContain(
    "  # An OAuth connector on your own OAuth app\n  #\n  # The connector holds the developer's fields",
  );
  for (const name of generated.names)
    expect([name, readFileSync(join(generatedDir, name, EXAMPLE_FILES.yaml), "utf8")]).not.toEqual([
      name,
      expect.stringMatching(/^\s*# \/\//m),
    ]);
});

test("the TypeScript programs type-check against the built Node.js SDK in one tsc run", async () => {
  const programs = programsOf("typescript");
  expect(Object.keys(programs)).toEqual(generated.names);
  expect(await typecheckTypeScript(programs, join(stage, "ts"))).toEqual({});
}, 120_000);

test("the Python programs pass pyright against sdk/python and the pinned pulumi in one run", async () => {
  const programs = programsOf("python");
  const { errors, filesAnalyzed } = await typecheckPython(programs, join(stage, "py"));
  expect(filesAnalyzed).toBe(generated.names.length);
  expect(errors).toEqual({});
}, 300_000);

test("the Go programs build and pass go vet against sdk/go, a package each in one module", async () => {
  const programs = programsOf("go");
  expect(Object.keys(programs)).toEqual(generated.names);
  expect(await buildGo(programs, join(stage, "golang"))).toEqual({});
}, 300_000);

test("the Java programs compile against sdk/java and com.pulumi:pulumi in one Maven run", async () => {
  const programs = programsOf("java");
  expect(Object.keys(programs)).toEqual(generated.names);
  expect(await compileJava(programs, join(stage, "java"))).toEqual({});
}, 300_000);
