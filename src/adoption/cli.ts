#!/usr/bin/env node
/**
 * integrations-import: writes Pulumi's bulk import file (`pulumi import --file`) for everything the account of
 * the configured key holds, and the notes of the adoption beside it. Nothing is written to the account. The key
 * and base URL come from the environment, as the provider's do when the stack config does not set them.
 */
import { writeFileSync } from "node:fs";
import { Command, Option } from "commander";
import { ApiClient, ApiError } from "../client";
import { publicUrl } from "../public-url";
import { resolveSettings, SettingsError } from "../settings";
import { readAccount } from "./account-contents";
import { adoptionNotes } from "./adoption-notes";
import { AdoptionError, planAdoption } from "./import-file";

interface CliOptions {
  out: string;
  notes?: string;
  stateOnly?: string[] | true;
  logicalNames: "objects" | "variables";
}

const program = new Command("integrations-import")
  .description(
    "Write Pulumi's import file (pulumi import --file) for every connector, connected account, trigger " +
      "instance and the callback URL of the account that INTEGRATIONS_API_KEY reaches at INTEGRATIONS_BASE_URL",
  )
  .option("-o, --out <file>", "the import file to write", "import.json")
  .option("--notes <file>", "the adoption notes to write (default: the import file's name with .md)")
  .option(
    "--state-only [connectors...]",
    "import these connectors (names or ids; all when none is named) as IntegrationState: managed, not owned",
  )
  .addOption(
    new Option(
      "--logical-names <from>",
      "take the logical names from the objects' names (github-bot) or the variables' (githubBot): a Java " +
        "program needs variables, since pulumi-java's generator names each resource after its variable",
    )
      .choices(["objects", "variables"])
      .default("objects"),
  )
  .action(async (options: CliOptions) => {
    try {
      const settings = resolveSettings(undefined, process.env);
      const client = new ApiClient(settings);
      try {
        const contents = await readAccount(client);
        const plan = planAdoption(contents, {
          stateOnly: options.stateOnly === true ? "all" : options.stateOnly,
          logicalNames: options.logicalNames,
        });
        const notes = options.notes ?? options.out.replace(/(\.json)?$/, ".md");
        writeFileSync(options.out, `${JSON.stringify(plan.file, null, 2)}\n`);
        writeFileSync(notes, adoptionNotes(plan, options.out, publicUrl(settings.baseUrl)));
        console.log(
          `${plan.file.resources.length} resources of account ${plan.accountId}: ${options.out} (notes: ${notes}). ` +
            `Next: pulumi config set integrations:accountId ${plan.accountId}; ` +
            `pulumi import --file ${options.out} --out <file>`,
        );
      } finally {
        client.close();
      }
    } catch (error) {
      if (!(error instanceof AdoptionError || error instanceof SettingsError || error instanceof ApiError)) {
        throw error;
      }
      console.error(`integrations-import: ${error.message}`);
      process.exitCode = 1;
    }
  });

void program.parseAsync();
