/**
 * The policy pack's two assets: `pulumi-integrations-policy-<version>.tgz` (`@pulumi-integrations/policy`, as
 * `npm publish` takes it, compiled afresh from policy/src) and `pulumi-analyzer-policy-nodejs-v<version>.tar.gz`
 * (the analyzer, policy/analyzer, as a plugin archive: `pulumi plugin install analyzer policy-nodejs <version>
 * --file <it>`), the same bytes from every build of one commit.
 */
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runQuietly } from "../../tools/run-quietly";
import { reproducibleTarGz } from "./tarball";
import { REPO_DIR, releaseVersion } from "./version";

export const POLICY_DIR = join(REPO_DIR, "policy");
export const ANALYZER_NAME = "pulumi-analyzer-policy-nodejs";

export function policyAssetNames(version: string = releaseVersion()): { pack: string; analyzer: string } {
  return {
    pack: `pulumi-integrations-policy-${version}.tgz`,
    analyzer: `${ANALYZER_NAME}-v${version}.tar.gz`,
  };
}

export async function writePolicyAssets(outDir: string, log: (line: string) => void): Promise<string[]> {
  const packVersion = (
    JSON.parse(readFileSync(join(POLICY_DIR, "package.json"), "utf8")) as { version: string }
  ).version;
  if (packVersion !== releaseVersion())
    throw new Error(
      `policy/package.json's version ${packVersion} is not package.json's ${releaseVersion()}: the pack is released with the others, give both one version`,
    );
  log("Compiling and packing @pulumi-integrations/policy and its analyzer...");
  const stage = mkdtempSync(join(tmpdir(), "policy-package-"));
  try {
    await stagePolicyPackage(stage);
    await runQuietly("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", outDir], {
      cwd: stage,
    });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  const names = policyAssetNames();
  return [join(outDir, names.pack), await writeAnalyzerTarball(outDir)];
}

/** The package's files in `dir`, its JavaScript compiled from policy/src (no node_modules). */
async function stagePolicyPackage(dir: string): Promise<void> {
  for (const file of ["package.json", "PulumiPolicy.yaml", "README.md", "analyzer"]) {
    cpSync(join(POLICY_DIR, file), join(dir, file), { recursive: true });
  }
  cpSync(join(REPO_DIR, "LICENSE"), join(dir, "LICENSE"));
  chmodSync(join(dir, "analyzer", ANALYZER_NAME), 0o755);
  await runQuietly(process.execPath, [
    require.resolve("typescript/bin/tsc"),
    ...["-p", join(POLICY_DIR, "tsconfig.json"), "--outDir", join(dir, "dist")],
  ]);
}

/** The analyzer's plugin archive in `outDir`: the script alone, executable; returns its path. */
export async function writeAnalyzerTarball(outDir: string): Promise<string> {
  const content = readFileSync(join(POLICY_DIR, "analyzer", ANALYZER_NAME));
  const tarball = join(outDir, policyAssetNames().analyzer);
  writeFileSync(tarball, await reproducibleTarGz([{ path: ANALYZER_NAME, content, mode: 0o755 }]));
  return tarball;
}
