/**
 * The two npm packages as `npm publish` takes them: `pulumi-integrations-<version>.tgz` (the dynamic
 * resources, the emulator, the migration tool and the plugin's JavaScript) and
 * `pulumi-integrations-sdk-<version>.tgz` (`@pulumi-integrations/sdk`, the plugin's Node.js SDK). Each is packed
 * from a folder compiled afresh, so that nothing a developer left in dist/ ships.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildNodeSdk } from "../../tools/sdk/nodejs";
import { runQuietly } from "../../tools/run-quietly";
import { REPO_DIR, releaseVersion } from "./version";

export function npmAssetNames(version: string = releaseVersion()): { main: string; sdk: string } {
  return { main: `pulumi-integrations-${version}.tgz`, sdk: `pulumi-integrations-sdk-${version}.tgz` };
}

export async function writeNpmAssets(outDir: string, log: (line: string) => void): Promise<string[]> {
  const stage = mkdtempSync(join(tmpdir(), "npm-package-"));
  try {
    log("Compiling and packing pulumi-integrations...");
    for (const file of ["package.json", "README.md", "LICENSE", "bin", join("provider", "schema.json")]) {
      mkdirSync(dirname(join(stage, file)), { recursive: true });
      cpSync(join(REPO_DIR, file), join(stage, file), { recursive: true });
    }
    await runQuietly(process.execPath, [
      require.resolve("typescript/bin/tsc"),
      ...["-p", join(REPO_DIR, "tsconfig.build.json"), "--outDir", join(stage, "dist")],
    ]);
    await pack(stage, outDir);
    log("Compiling and packing @pulumi-integrations/sdk...");
    await pack(await buildNodeSdk(), outDir);
    const { main, sdk } = npmAssetNames();
    return [join(outDir, main), join(outDir, sdk)];
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

async function pack(packageDir: string, outDir: string): Promise<void> {
  await runQuietly("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", outDir], {
    cwd: packageDir,
  });
}
