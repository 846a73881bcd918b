/**
 * `npm run sdk:nodejs`: compiles sdk/nodejs into sdk/nodejs/bin, the package a program installs
 * (examples/plugin-quickstart's `file:` dependency), package.json beside the compiled files.
 */
import { cpSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { SDK_DIR } from "./generate";
import { buildNodeSdk } from "./nodejs";

const BIN = join(SDK_DIR, "nodejs", "bin");

buildNodeSdk().then(
  (built) => {
    rmSync(BIN, { recursive: true, force: true });
    cpSync(built, BIN, { recursive: true });
    console.log(`Wrote ${relative(process.cwd(), BIN)}`);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
