/** The release's one version: package.json's, which GetPluginInfo, the schema, every SDK and every asset carry. */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO_DIR = resolve(__dirname, "..", "..");

export function releaseVersion(): string {
  return (JSON.parse(readFileSync(join(REPO_DIR, "package.json"), "utf8")) as { version: string }).version;
}
