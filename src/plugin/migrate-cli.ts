#!/usr/bin/env node
/**
 * integrations-migrate-to-plugin: rewrites a `pulumi stack export` of a stack whose resources are the dynamic
 * ones (`pulumi-integrations`) so that the provider plugin (`integrations`) owns them, for `pulumi stack
 * import`. No remote object is read or written. See migrate-from-dynamic.ts and docs/guides/upgrading.md
 * ("Moving a stack from the dynamic resources to the plugin").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { migrateFromDynamic, MigrationError } from "./migrate-from-dynamic";
import { PLUGIN_DOWNLOAD_URL } from "./resources";

const packageVersion = (
  JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
    version: string;
  }
).version;

const program = new Command("integrations-migrate-to-plugin")
  .description(
    "Move a stack's dynamic pulumi-integrations resources to the provider plugin, in its exported state",
  )
  .argument("<exported>", "the output of `pulumi stack export --file <exported>`")
  .requiredOption("-o, --out <file>", "where to write the state for `pulumi stack import --file <file>`")
  .option("--plugin-version <version>", "the plugin version the program will use", packageVersion)
  .option(
    "--plugin-download-url <url>",
    "where the program's SDK says the plugin downloads from (its pluginDownloadURL)",
    PLUGIN_DOWNLOAD_URL,
  )
  .action((exported: string, options: { out: string; pluginVersion: string; pluginDownloadUrl: string }) => {
    try {
      const migrated = migrateFromDynamic(
        JSON.parse(readFileSync(exported, "utf8")),
        options.pluginVersion,
        options.pluginDownloadUrl,
      );
      writeFileSync(options.out, `${JSON.stringify(migrated, null, 2)}\n`);
      const moved = (migrated.deployment.resources ?? []).filter((r) =>
        r.type.startsWith("integrations:index:"),
      );
      console.log(
        `moved ${moved.length} resources to the integrations plugin v${options.pluginVersion}: ${options.out}`,
      );
    } catch (error) {
      if (!(error instanceof MigrationError) && !(error instanceof SyntaxError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  });

program.parse();
