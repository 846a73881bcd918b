/**
 * The plugin's tarball, built once per test run (`npm run package-plugin`'s function) into the run's stage
 * folder (test/support/packed-package.ts), and the ways a test installs and starts it: as Pulumi does, from
 * an empty PULUMI_HOME, with only Node on PATH.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { packagePlugin } from "../../../scripts/package-plugin";
import { createStageRoot } from "../../support/packed-package";

const WAIT_LIMIT_MS = 180_000;

export async function pluginTarball(): Promise<string> {
  const dir = join(createStageRoot(), "plugin");
  const lock = `${dir}.building`;
  const ready = join(dir, ".ready");
  const found = () =>
    join(
      dir,
      readdirSync(dir).find((file) => file.endsWith(".tar.gz"))!,
    );
  if (existsSync(ready)) return found();
  try {
    mkdirSync(lock, { recursive: false });
  } catch {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another worker to build ${dir}`);
      await sleep(200);
    }
    return found();
  }
  try {
    packagePlugin(dir);
    writeFileSync(ready, "");
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return found();
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
  execFileSync(pulumi, ["plugin", "install", "resource", "integrations", version, "--file", tarball], {
    env: offlineEnv(home, path),
    stdio: "pipe",
  });
}

export function offlineEnv(home: string, path: string): NodeJS.ProcessEnv {
  return {
    PATH: path,
    HOME: process.env.HOME,
    PULUMI_HOME: home,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
  };
}

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
