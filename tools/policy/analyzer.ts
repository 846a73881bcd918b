/**
 * The Node.js policy analyzer and the policy pack (policy/), as the pinned CLI runs them offline.
 *
 * CLI v3.276.0 (pkg/v3 resource/plugin/analyzer_plugin.go, NewPolicyAnalyzer) runs a policy pack two ways:
 * `--policy-pack <folder>` through the Node.js language host's RunPlugin (`pulumi-language-nodejs`, which this
 * sandbox cannot get: "no language plugin 'pulumi-language-nodejs' found in the workspace"; v3.259.0 still fell
 * back to a `pulumi-analyzer-policy-nodejs` plugin, v3.276.0 no longer does), or `--policy-pack <executable>`,
 * started as a binary analyzer plugin with the engine's address as its one argument, in the program's folder.
 * The second is this analyzer: a script that runs `@pulumi/pulumi/cmd/run-policy-pack` of the pack's own
 * node_modules on the pack, the folder `PULUMI_POLICY_PACK_DIR` names (by default the script's own folder, so
 * that it also works copied into a built pack). `analyzerTarball` packs it as a plugin archive; `installAnalyzer`
 * installs it into a PULUMI_HOME with `pulumi plugin install analyzer policy-nodejs <version> --file <tarball>`,
 * as a user does (policy/README.md), and returns the executable to give `--policy-pack`.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = join(__dirname, "..", "..");
export const PACK_DIR = join(ROOT, "policy");

/** The version the analyzer plugin is installed as: the pack's. */
export function analyzerVersion(): string {
  return (JSON.parse(readFileSync(join(PACK_DIR, "package.json"), "utf8")) as { version: string }).version;
}

export const ANALYZER_SCRIPT = `#!/bin/sh
# pulumi-analyzer-policy-nodejs: runs the policy pack in $PULUMI_POLICY_PACK_DIR (default: this script's folder)
# with the pack's own @pulumi/pulumi. The engine gives the analyzer its address as the one argument.
cd "\${PULUMI_POLICY_PACK_DIR:-$(dirname "$0")}" || exit 1
exec node "$(node -e 'process.stdout.write(require.resolve("@pulumi/pulumi/cmd/run-policy-pack", { paths: [process.cwd()] }))')" "$1" .
`;

/** Writes the analyzer plugin's archive (the script alone, executable) into `dir`; returns its path. */
export function analyzerTarball(dir: string): string {
  const content = mkdtempSync(join(tmpdir(), "policy-analyzer-"));
  const script = join(content, "pulumi-analyzer-policy-nodejs");
  writeFileSync(script, ANALYZER_SCRIPT);
  chmodSync(script, 0o755);
  mkdirSync(dir, { recursive: true });
  const tarball = join(dir, `pulumi-analyzer-policy-nodejs-v${analyzerVersion()}.tar.gz`);
  execFileSync("tar", ["-czf", tarball, "-C", content, "pulumi-analyzer-policy-nodejs"]);
  return tarball;
}

/**
 * `pulumi plugin install analyzer policy-nodejs <version> --file <tarball>` into the PULUMI_HOME `home`; returns
 * the installed executable, for `--policy-pack`.
 */
export function installAnalyzer(pulumi: string, home: string, tarball: string): string {
  execFileSync(
    pulumi,
    ["plugin", "install", "analyzer", "policy-nodejs", analyzerVersion(), "--file", tarball],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PULUMI_HOME: home,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
      },
      stdio: "pipe",
    },
  );
  return join(
    home,
    "plugins",
    `analyzer-policy-nodejs-v${analyzerVersion()}`,
    "pulumi-analyzer-policy-nodejs",
  );
}

/**
 * The pack, built, in a new folder under `dir`: its package.json and PulumiPolicy.yaml, `dist/` compiled from
 * policy/src, and its node_modules (`npm ci` in policy/) linked. Returns the folder, for `--policy-pack`.
 */
export function stagePack(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const pack = mkdtempSync(join(dir, "policy-pack-"));
  for (const file of ["package.json", "PulumiPolicy.yaml"]) cpSync(join(PACK_DIR, file), join(pack, file));
  symlinkSync(join(PACK_DIR, "node_modules"), join(pack, "node_modules"));
  const tsc = require.resolve("typescript/bin/tsc");
  execFileSync(
    process.execPath,
    [tsc, "-p", join(PACK_DIR, "tsconfig.json"), "--outDir", join(pack, "dist")],
    {
      stdio: "pipe",
    },
  );
  return pack;
}
