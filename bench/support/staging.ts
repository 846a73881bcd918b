/**
 * The benchmark programs, staged against the npm-packed package exactly as users install it (see
 * test/support/packed-package.ts). The package is packed from dist/, so it must be built first.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { stageProgram } from "../../test/support/packed-package";

export type BenchProgram = "connectors" | "null-connectors";

const ROOT = join(__dirname, "..", "..");

export function assertBuilt(): void {
  if (!existsSync(join(ROOT, "dist", "dynamic", "entry.js"))) {
    throw new Error(
      "dist/ is missing: run `npx tsc -p tsconfig.build.json` (npm run build) before the benchmarks",
    );
  }
}

/** Copies bench/programs/<name> to .tmp/e2e/programs/bench-<name> and returns that directory. */
export async function stageBenchProgram(name: BenchProgram): Promise<string> {
  assertBuilt();
  return stageProgram(join(__dirname, "..", "programs", name), `bench-${name}`);
}
