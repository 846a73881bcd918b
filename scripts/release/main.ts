/**
 * `npm run release -- --out <dir>`: the release folder, everything a tag publishes, all of one version
 * (package.json's, which GetPluginInfo, the schema and every SDK carry):
 *
 *     pulumi-resource-integrations-v<version>-<os>-<arch>.tar.gz   the plugin, linux/darwin/windows x amd64/arm64
 *     pulumi-integrations-<version>.tgz, pulumi-integrations-sdk-<version>.tgz   the npm packages
 *     pulumi_integrations-<version>.tar.gz, pulumi_integrations-<version>-py3-none-any.whl   the Python SDK
 *     integrations-<version>.jar, integrations-<version>-sources.jar, integrations-<version>.pom   the Java SDK
 *     pulumi-integrations-policy-<version>.tgz                     the policy pack (npm)
 *     pulumi-analyzer-policy-nodejs-v<version>.tar.gz              the pack's analyzer, a plugin archive
 *     go/github.com/pulumi-integrations/pulumi-integrations/sdk/go/@v/...   the Go SDK, as a module proxy serves it
 *     SHA256SUMS                                                    every file above
 *
 * The folder is emptied first. The GitHub release takes the top-level files; the workflow publishes the rest
 * to npm, PyPI and Maven Central and tags `sdk/go/v<version>`.
 */
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { writeChecksums } from "./checksums";
import { writeGoModule } from "./go";
import { writeJavaAssets } from "./java";
import { writeNpmAssets } from "./npm";
import { writePluginAssets } from "./plugin";
import { writePolicyAssets } from "./policy";
import { writePythonAssets } from "./python";
import { releaseVersion } from "./version";

export async function buildRelease(
  outDir: string,
  log: (line: string) => void = () => {},
): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  log(`Building the release of version ${releaseVersion()} into ${outDir}`);
  // Side by side: each step is mostly a process of its own (tsc, npm, python, mvn, go) waiting on disk or
  // network part of the time.
  const files = await Promise.all([
    writePluginAssets(outDir, undefined, log),
    writeNpmAssets(outDir, log),
    writePolicyAssets(outDir, log),
    writePythonAssets(outDir, log),
    writeJavaAssets(outDir, log),
    writeGoModule(outDir, log),
  ]);
  return [...files.flat(), writeChecksums(outDir)];
}

if (require.main === module) {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (values.out === undefined) {
    console.error("npm run release -- --out <dir>: the folder to write the release into");
    process.exitCode = 1;
  } else {
    const started = Date.now();
    buildRelease(resolve(values.out), console.log).then(
      (files) =>
        console.log(
          `Wrote ${files.length} files into ${resolve(values.out!)} in ${Math.round((Date.now() - started) / 1000)} s`,
        ),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exitCode = 1;
      },
    );
  }
}
