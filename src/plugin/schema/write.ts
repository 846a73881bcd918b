/**
 * `npm run schema`: writes provider/schema.json from the definitions. `--check` writes nothing and fails
 * when the checked-in file is not what the definitions give (CI, and the schema test, run that).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { SCHEMA_FILE, schemaText } from "./generate";

function main(): void {
  const text = schemaText();
  const shown = relative(process.cwd(), SCHEMA_FILE);
  if (process.argv.includes("--check")) {
    const current = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, "utf8") : "";
    if (current !== text) {
      console.error(`${shown} is not what the definitions give: run \`npm run schema\`.`);
      process.exitCode = 1;
    }
    return;
  }
  mkdirSync(dirname(SCHEMA_FILE), { recursive: true });
  writeFileSync(SCHEMA_FILE, text);
  console.log(`Wrote ${shown}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
