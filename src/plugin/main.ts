import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startPluginServer } from "./server";

/**
 * The package root: this file is src/plugin/main.ts, or dist/plugin/main.js in the package and in the
 * plugin's tarball; both are two levels down. package.json and provider/schema.json are read from there.
 */
const ROOT = join(__dirname, "..", "..");

export function pluginVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * `pulumi-resource-integrations`: starts the provider's gRPC server and prints its port, the one line the
 * engine reads from stdout (anything else printed there would be taken for the port). The engine passes
 * its own address as the argument: the plugin calls back only to log a warning (a deprecated argument of an
 * invoke). The schema is read when the engine asks for it, not at start.
 */
export async function main(): Promise<void> {
  let schema: string | undefined;
  const server = await startPluginServer({
    version: pluginVersion(),
    schema: () => (schema ??= readFileSync(join(ROOT, "provider", "schema.json"), "utf8")),
    engine: process.argv[2],
  });
  process.stdout.write(`${server.port}\n`);
}
