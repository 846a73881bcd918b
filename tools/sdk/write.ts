/**
 * `npm run sdk`: regenerates sdk/nodejs, sdk/python, sdk/go and sdk/java from provider/schema.json. Run it after
 * `npm run schema` and check the result in; test/plugin/sdk-up-to-date.test.ts fails until then.
 */
import { relative } from "node:path";
import { generateProjectSdks, SDK_DIR } from "./generate";

generateProjectSdks(SDK_DIR).then(
  (dirs) => console.log(`Wrote ${Object.values(dirs).map((dir) => relative(process.cwd(), dir)).join(", ")}`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
