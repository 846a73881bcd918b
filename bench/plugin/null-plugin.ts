/**
 * The plugin's null provider, the floor of the plugin's figures: the plugin's own gRPC server
 * (src/plugin/server.ts, startPluginServer) serving the registry's resources, each with its definition (so
 * secrets, autonaming and the schema are the real plugin's) and handlers that make no request and return
 * their inputs. Packaged as a plugin tarball of the `integrations` package under a version of its own
 * (../support/null-plugin.ts), it is installed and started by the engine as the real plugin is.
 *
 * It is compiled into that tarball next to the real plugin's dist/ (its imports of src/ are pointed there),
 * so it may import only what the tarball holds: src/ and the production dependencies.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { PLUGIN_RESOURCES, type PluginResource } from "../../src/plugin/resources";
import { startPluginServer } from "../../src/plugin/server";
import { deepEqual } from "../../src/resources/shared/values";
import type { PlainProps } from "../../src/resources";
import type { ResourceHandlers } from "../../src/resources/shared/types";

/** The version the null plugin reports and is installed under: another version of the same package. */
export const NULL_PLUGIN_VERSION = "0.0.0-null";

/** Handlers that return their inputs: check passes them on, create stores them as the outputs. */
export function nullHandlers(): ResourceHandlers<PlainProps, PlainProps> {
  return {
    async configure() {},
    async check(_olds, news) {
      return { inputs: news, failures: [] };
    },
    async diff(_id, olds, news) {
      const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
      const changes = [...keys].some((key) => !deepEqual(olds[key], news[key]));
      return { changes, replaces: [], deleteBeforeReplace: false };
    },
    async create(inputs) {
      return { id: randomUUID(), outs: inputs };
    },
    async read(id, props) {
      return { id, props };
    },
    async update(_id, _olds, news) {
      return { outs: news };
    },
    async delete() {},
  };
}

/**
 * Every resource of the real plugin, its handlers replaced by null ones. Without the outputs that copy inputs
 * (the server derives them from the old inputs for handlers that read them): null handlers store their inputs
 * as their outputs, and would see the copy as a change.
 */
export function nullResources(): PluginResource[] {
  return PLUGIN_RESOURCES.map((row) => ({ ...row, handlers: nullHandlers(), inputCopies: undefined }));
}

/** The plugin's entry: prints its port, the one line the engine reads, as the real plugin's main does. */
export async function main(schemaFile: string): Promise<void> {
  const server = await startPluginServer({
    version: NULL_PLUGIN_VERSION,
    schema: () => readFileSync(schemaFile, "utf8"),
    resources: nullResources(),
    engine: process.argv[2],
  });
  process.stdout.write(`${server.port}\n`);
}
