import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { environmentOf, settingsDefinition, type SettingName } from "../../settings-definition";
import { PLUGIN_FUNCTIONS } from "../functions";
import { PLUGIN_RESOURCES } from "../resources";
import { buildSchema } from "./build";
import { DocReader } from "./docs";
import { examplesSection } from "./examples";
import type { PackageSpec } from "./spec";

/** The checkout (this file is src/plugin/schema/generate.ts). */
const ROOT = resolve(__dirname, "..", "..", "..");

/** Where `npm run schema` writes the schema, checked in: the plugin serves it, the SDK generator reads it. */
export const SCHEMA_FILE = join(ROOT, "provider", "schema.json");

const SETTINGS_FILE = join(ROOT, "src", "settings-definition.ts");
const FUNCTIONS_FILE = join(ROOT, "src", "functions", "definitions.ts");

function definitionFile(folder: string): string {
  return join(ROOT, "src", "resources", folder, "definition.ts");
}

/**
 * The schema of the plugin's package, from the definitions and their source (build time: needs `typescript`),
 * with the docs examples checked in under provider/examples. `examples: false` leaves them out: the schema the
 * examples' programs are generated against (the descriptions play no part in that), so that the examples do
 * not depend on themselves.
 */
export function generateSchema(options: { examples?: boolean } = {}): PackageSpec {
  const reader = new DocReader([
    ...PLUGIN_RESOURCES.map((row) => definitionFile(row.source.folder)),
    SETTINGS_FILE,
    FUNCTIONS_FILE,
  ]);
  const packageJson = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    version: string;
    description: string;
    license: string;
    homepage: string;
  };
  return buildSchema({
    packageJson,
    resources: PLUGIN_RESOURCES.map(({ definition, source }) => ({
      definition,
      docs: {
        inputs: reader.shape(definitionFile(source.folder), source.export, "inputs"),
        outputs: reader.shape(definitionFile(source.folder), source.export, "outputs"),
      },
    })),
    functions: PLUGIN_FUNCTIONS.map(({ definition, source }) => ({
      definition,
      docs: {
        args: reader.shape(FUNCTIONS_FILE, source.export, "args"),
        result: reader.shape(FUNCTIONS_FILE, source.export, "result"),
      },
    })),
    settings: {
      shape: settingsDefinition,
      docs: reader.shape(SETTINGS_FILE, "settingsDefinition"),
      environmentOf: (name) => environmentOf(name as SettingName),
    },
    examples: options.examples === false ? () => "" : (name) => examplesSection(name),
  });
}

/** The schema as the checked-in file holds it: as JSON.stringify writes it (.prettierignore lists the file). */
export function schemaText(schema: PackageSpec = generateSchema()): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
