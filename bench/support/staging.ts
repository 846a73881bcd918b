/**
 * The benchmark programs, staged against the npm-packed package exactly as users install it (see
 * test/support/packed-package.ts), or for the plugin's program, with the plugin's Node.js SDK built from
 * sdk/nodejs in its node_modules and type-checked against it (test/plugin/support/quickstart-stack.ts). The
 * package is packed from dist/, so it must be built first.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stageProgram } from "../../test/support/packed-package";
import { stageSdkProgram } from "../../test/plugin/support/quickstart-stack";

export type BenchProgram = "connectors" | "null-connectors" | "plugin-connectors";

const ROOT = join(__dirname, "..", "..");

export function assertBuilt(): void {
  if (!existsSync(join(ROOT, "dist", "dynamic", "entry.js"))) {
    throw new Error(
      "dist/ is missing: run `npx tsc -p tsconfig.build.json` (npm run build) before the benchmarks",
    );
  }
}

/** Copies bench/programs/<name> to .tmp/<stage>/programs/bench-<name>-* and returns that directory. */
export async function stageBenchProgram(name: BenchProgram): Promise<string> {
  assertBuilt();
  const source = join(__dirname, "..", "programs", name);
  // The plugin's program imports the SDK, not the package: it is staged as the plugin's tests stage theirs.
  if (name === "plugin-connectors") return stageSdkProgram(source, `bench-${name}`);
  const programDir = await stageProgram(source, `bench-${name}`);
  if (name === "null-connectors") installNullProvider(programDir);
  return programDir;
}

/**
 * The null provider as a package of the program's node_modules (`bench-null-provider`), as pulumi-integrations
 * is one: Pulumi then serializes it as a `require`, as it does the package's providers.
 */
function installNullProvider(programDir: string): void {
  const target = join(programDir, "node_modules", "bench-null-provider");
  mkdirSync(target, { recursive: true });
  renameSync(join(programDir, "null-provider.js"), join(target, "index.js"));
  writeFileSync(
    join(target, "package.json"),
    `${JSON.stringify({ name: "bench-null-provider", private: true, main: "index.js" }, null, 2)}\n`,
  );
}
