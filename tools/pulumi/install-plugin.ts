/**
 * `pulumi plugin install <kind> <name> <version> --file <archive>` into a PULUMI_HOME, offline: a plugin a
 * test needs (the integrations plugin, the Java host, the policy analyzer) installed as the CLI installs one it
 * downloads, with nothing fetched.
 */
import { execFileSync } from "node:child_process";

export interface PluginFile {
  kind: "resource" | "language" | "analyzer";
  name: string;
  version: string;
  /** The plugin's archive (or, for a language host, its executable). */
  file: string;
}

export function installPluginFile(
  pulumi: string,
  home: string,
  { kind, name, version, file }: PluginFile,
  path: string = process.env.PATH ?? "",
): void {
  execFileSync(pulumi, ["plugin", "install", kind, name, version, "--file", file], {
    env: offlineEnv(home, path),
    stdio: "pipe",
  });
}

/** The environment of a CLI that installs or runs plugins from `home` only, with `path` as its PATH. */
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
