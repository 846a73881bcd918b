/**
 * `npm run package-plugin [-- --out <dir>]`: the provider plugin for linux-amd64 only (default
 * folder: dist-plugin/), the same archive `npm run release` writes for it, for `pulumi plugin install
 * resource integrations <version> --file <tarball>` while developing.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pluginAssetName, type Platform, writePluginAssets } from "./release/plugin";
import { REPO_DIR } from "./release/version";

export function tarballName(version: string, platform: Platform = "linux-amd64"): string {
  return pluginAssetName(version, platform);
}

/** Builds the linux-amd64 archive (the one this project's tests run) into `outDir` and returns its path. */
export async function packagePlugin(outDir: string, log: (line: string) => void = () => {}): Promise<string> {
  const [tarball] = await writePluginAssets(outDir, ["linux-amd64"], log);
  return tarball!;
}

if (require.main === module) {
  const { values } = parseArgs({
    options: { out: { type: "string", default: join(REPO_DIR, "dist-plugin") } },
  });
  packagePlugin(resolve(values.out!), console.log).then(
    (tarball) => console.log(`Wrote ${tarball}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
