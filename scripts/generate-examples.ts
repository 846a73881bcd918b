/**
 * `npm run examples`: writes each docs example's programs (provider/examples/<name>/typescript/index.ts,
 * python/__main__.py, go/main.go, java/App.java, yaml/Main.yaml) from its main.pp with the pinned generators
 * (tools/examples/generate.ts), never edited by hand. Then `npm run schema` puts them in the schema's
 * descriptions and `npm run sdk` in every SDK's doc comments. test/plugin/docs-examples.test.ts generates them
 * again and fails naming a file that differs.
 */
import { relative } from "node:path";
import { EXAMPLES_DIR } from "../src/plugin/schema/examples";
import { generateExamples } from "../tools/examples/generate";

generateExamples({ log: console.log }).then(
  ({ names }) =>
    console.log(
      `Wrote the programs of ${names.length} examples under ${relative(process.cwd(), EXAMPLES_DIR)}`,
    ),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
