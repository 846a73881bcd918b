/**
 * The plugin's tarball, the linux-amd64 archive of the release the test run builds once, and the ways a test
 * installs and starts it: as Pulumi does, from an empty PULUMI_HOME, with only Node on PATH.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pluginAssetName } from "../../../scripts/release/plugin";
import { releaseVersion } from "../../../scripts/release/version";
import { installPluginFile, offlineEnv } from "../../../tools/pulumi/install-plugin";
import { createStageRoot } from "../../support/packed-package";
import { releaseFolder } from "../../release/support/release-folder";

/** The linux-amd64 archive of the run's release folder (`npm run release`, built once per run). */
export async function pluginTarball(): Promise<string> {
  return join(await releaseFolder(), pluginAssetName(releaseVersion(), "linux-amd64"));
}

/** A folder holding only `node`: the PATH a plugin must run with. */
export function nodeOnlyPath(): string {
  const dir = mkdtempSync(join(createStageRoot(), "node-only-"));
  symlinkSync(process.execPath, join(dir, "node"));
  return dir;
}

/** `pulumi plugin install resource integrations <version> --file <tarball>` into `home`. */
export function installPlugin(
  pulumi: string,
  home: string,
  version: string,
  tarball: string,
  path: string,
): void {
  installPluginFile(pulumi, home, { kind: "resource", name: "integrations", version, file: tarball }, path);
}

export { offlineEnv };

/** Starts an installed plugin executable as the engine does and waits for the port it prints. */
export async function startPlugin(
  executable: string,
  path: string,
): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(executable, ["127.0.0.1:1"], {
    env: { PATH: path },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(Number(stdout.trim()));
    });
    child.on("exit", (code) =>
      reject(new Error(`${executable} exited (${code}) before printing its port: ${stderr}`)),
    );
  });
  return { port, process: child };
}

/** A folder holding `pulumi-language-nodejs` (./language-host-bin.ts), for PATH. */
export function languageHostPath(): string {
  const dir = mkdtempSync(join(createStageRoot(), "language-host-"));
  const script = join(dir, "pulumi-language-nodejs");
  const transpileOnly = require.resolve("ts-node/register/transpile-only");
  writeFileSync(
    script,
    `#!/bin/sh\nexec "${process.execPath}" -r "${transpileOnly}" "${join(__dirname, "language-host-bin.ts")}" "$@"\n`,
  );
  chmodSync(script, 0o755);
  return dir;
}
