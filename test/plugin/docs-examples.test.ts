/**
 * The docs examples (provider/examples/<name>/main.pp and the programs `npm run examples` writes beside it):
 * the checked-in programs are what the pinned generators write now, and every one compiles against the
 * project's SDK of its language, each language in one run of its tool (tsc, pyright, go build and go vet, one
 * Maven compile). The known generator faults (tools/examples/faults.ts) have no program checked in, and each
 * must still be a fault. test/plugin/docs-examples-yaml.test.ts runs the YAML programs against the emulator.
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
import { GENERATOR_FAULTS, isKnownFault } from "../../tools/examples/faults";
import { generateExamples, type GeneratedExamples } from "../../tools/examples/generate";
import { createStageRoot } from "../support/packed-package";
import {
  buildGo,
  compileJava,
  typecheckPython,
  typecheckTypeScript,
  type ProgramErrors,
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

/**
 * What a language's check found, against the known faults: the examples that should pass but do not (with
 * their errors), and the known faults that now pass (generated and no errors).
 */
function verdict(language: ExampleLanguage, errors: ProgramErrors) {
  const failingAsKnown = (name: string) =>
    errors[name] !== undefined || generated.generatorErrors[name]?.[language] !== undefined;
  return {
    unexpected: Object.fromEntries(Object.entries(errors).filter(([name]) => !isKnownFault(name, language))),
    fixedFaults: generated.names.filter((name) => isKnownFault(name, language) && !failingAsKnown(name)),
  };
}

beforeAll(async () => {
  stage = mkdtempSync(join(createStageRoot(), "docs-examples-"));
  generatedDir = join(stage, "generated");
  // Builds the YAML and Java program generators first when their sources changed (seconds once
  // `npm run pulumi` has filled Go's caches).
  generated = await generateExamples({ outDir: generatedDir, keepFaults: true });
}, 300_000);

test("there is an example for each resource and function of the schema", () => {
  const schema = JSON.parse(readFileSync(join(EXAMPLES_DIR, "..", "schema.json"), "utf8")) as {
    resources: Record<string, unknown>;
    functions: Record<string, unknown>;
  };
  const tokens = [...Object.keys(schema.resources), ...Object.keys(schema.functions)];
  expect(exampleNames()).toEqual(tokens.map((token) => token.split(":")[2]).sort());
  // Each fault names an example and a fault.
  for (const [name, faults] of Object.entries(GENERATOR_FAULTS)) {
    expect(exampleNames()).toContain(name);
    for (const fault of Object.values(faults)) expect(fault).toMatch(/\S/);
  }
});

test("provider/examples holds what `npm run examples` writes now (run it and commit the result)", () => {
  const stale: string[] = [];
  for (const name of generated.names) {
    for (const language of EXAMPLE_LANGUAGES) {
      const folder = join(name, languageFolder(language));
      const fresh = isKnownFault(name, language) ? [] : filesIn(join(generatedDir, folder));
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

test("every example has its program in each language but its known generator faults", () => {
  const misplaced = generated.names.flatMap((name) =>
    EXAMPLE_LANGUAGES.filter(
      (language) =>
        existsSync(join(EXAMPLES_DIR, name, EXAMPLE_FILES[language])) === isKnownFault(name, language),
    ).map((language) => `${name}/${EXAMPLE_FILES[language]}`),
  );
  expect(misplaced).toEqual([]);
});

test("the TypeScript programs type-check against the built Node.js SDK in one tsc run", async () => {
  const errors = await typecheckTypeScript(programsOf("typescript"), join(stage, "ts"));
  expect(verdict("typescript", errors)).toEqual({ unexpected: {}, fixedFaults: [] });
}, 120_000);

test("the Python programs pass pyright against sdk/python and the pinned pulumi in one run", async () => {
  const programs = programsOf("python");
  const { errors, filesAnalyzed } = await typecheckPython(programs, join(stage, "py"));
  expect(filesAnalyzed).toBe(Object.keys(programs).length);
  expect(verdict("python", errors)).toEqual({ unexpected: {}, fixedFaults: [] });
}, 300_000);

test("the Go programs build and pass go vet against sdk/go, a package each in one module", async () => {
  const errors = await buildGo(programsOf("go"), join(stage, "golang"));
  expect(verdict("go", errors)).toEqual({ unexpected: {}, fixedFaults: [] });
}, 300_000);

test("the Java programs compile against sdk/java and com.pulumi:pulumi in one Maven run", async () => {
  const errors = await compileJava(programsOf("java"), join(stage, "java"));
  expect(verdict("java", errors)).toEqual({ unexpected: {}, fixedFaults: [] });
}, 300_000);
