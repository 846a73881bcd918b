/**
 * The docs examples' programs in every language from their PCL (provider/examples/<name>/main.pp), each
 * language bound afresh against the plugin's schema without the examples (so that the examples never depend on
 * themselves): TypeScript, Python and Go by tools/pulumi/programgen (pkg/v3 v3.276.0), YAML by
 * tools/pulumi-yaml/programgen (pulumi-yaml v1.38.1), Java by tools/pulumi-java/programgen (pulumi-java
 * v1.16.0), into `<outDir>/<name>/<language>/` as EXAMPLE_FILES names them. Where a generator gets a form
 * wrong for every program, its tool corrects it (the Go and Java generators' corrections are described in
 * their tools): every example has its program in every language.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  EXAMPLE_LANGUAGES,
  EXAMPLES_DIR,
  exampleNames,
  type ExampleLanguage,
} from "../../src/plugin/schema/examples";
import { generateSchema, schemaText } from "../../src/plugin/schema/generate";
import { generateJavaProgram } from "../pulumi-java/programgen";
import { generateYamlProgram } from "../pulumi-yaml/programgen";
import { generatePrograms } from "../pulumi/programgen";

export interface GeneratedExamples {
  /** The examples' names, sorted. */
  names: string[];
}

export interface GenerateExamplesOptions {
  /** Where each example's language folders are written; the checked-in provider/examples by default. */
  outDir?: string;
  log?: (line: string) => void;
}

export async function generateExamples(options: GenerateExamplesOptions = {}): Promise<GeneratedExamples> {
  const outDir = options.outDir ?? EXAMPLES_DIR;
  const work = mkdtempSync(join(tmpdir(), "docs-examples-"));
  try {
    const schemaPath = join(work, "schema.json");
    writeFileSync(schemaPath, schemaText(generateSchema({ examples: false })));
    const names = exampleNames();
    for (const name of names) {
      const target = join(outDir, name);
      mkdirSync(target, { recursive: true });
      for (const language of EXAMPLE_LANGUAGES) {
        try {
          await generate(language, {
            pclDir: join(EXAMPLES_DIR, name),
            schemaPaths: [schemaPath],
            outDir: target,
            log: options.log,
          });
        } catch (error) {
          throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    return { names };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function generate(
  language: ExampleLanguage,
  options: { pclDir: string; schemaPaths: string[]; outDir: string; log?: (line: string) => void },
): Promise<void> {
  switch (language) {
    case "typescript":
    case "python":
    case "go":
      await generatePrograms({ ...options, languages: [language] });
      return;
    case "yaml":
      await generateYamlProgram(options);
      return;
    case "java":
      await generateJavaProgram(options);
      return;
  }
}
