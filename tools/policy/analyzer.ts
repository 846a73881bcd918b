/**
 * The policy pack (policy/) and its analyzer as the pinned CLI runs them offline.
 *
 * CLI v3.276.0 (pkg/v3 resource/plugin/analyzer_plugin.go, NewPolicyAnalyzer) runs a policy pack two ways:
 * `--policy-pack <folder>` through the Node.js language host's RunPlugin (`pulumi-language-nodejs`, which this
 * sandbox cannot get: "no language plugin 'pulumi-language-nodejs' found in the workspace"; v3.259.0 still fell
 * back to a `pulumi-analyzer-policy-nodejs` plugin, v3.276.0 no longer does), or `--policy-pack <executable>`,
 * started as a binary analyzer plugin with the engine's address as its one argument, in the program's folder.
 * The second is the pack's analyzer (policy/analyzer): a script that runs `@pulumi/pulumi/cmd/run-policy-pack`
 * of the pack's own node_modules on the folder `PULUMI_POLICY_PACK_DIR` names. `installAnalyzer` installs its
 * release archive into a PULUMI_HOME as a user does (policy/README.md) and returns the executable to give
 * `--policy-pack`; `unpackPolicyPack` makes a pack folder of the released package.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ANALYZER_NAME } from "../../scripts/release/policy";
import { REPO_DIR, releaseVersion } from "../../scripts/release/version";
import { installPluginFile } from "../pulumi/install-plugin";

/**
 * `pulumi plugin install analyzer policy-nodejs <version> --file <tarball>` into the PULUMI_HOME `home`; returns
 * the installed executable, for `--policy-pack`.
 */
export function installAnalyzer(pulumi: string, home: string, tarball: string): string {
  const version = releaseVersion();
  installPluginFile(pulumi, home, { kind: "analyzer", name: "policy-nodejs", version, file: tarball });
  return join(home, "plugins", `analyzer-policy-nodejs-v${version}`, ANALYZER_NAME);
}

/**
 * The released pack (`npm pack`'s tarball) unpacked into a new folder under `dir`, its dependencies those the
 * repository installed (`npm ci`: policy/ is a workspace). Returns the folder, for PULUMI_POLICY_PACK_DIR.
 */
export function unpackPolicyPack(tarball: string, dir: string): string {
  const pack = mkdtempSync(join(dir, "policy-pack-"));
  execFileSync("tar", ["-xzf", tarball, "-C", pack, "--strip-components=1"]);
  symlinkSync(join(REPO_DIR, "node_modules"), join(pack, "node_modules"));
  return pack;
}
