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
import { managedIdsIn } from "./managed-ids";

interface CliOptions {
  out: string;
  notes?: string;
  stateOnly?: string[] | true;
  skipState: string[];
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
  .option(
    "--skip-state <export.json>",
    "leave out what this `pulumi stack export` manages already (repeatable: one per stack)",
    (file: string, files: string[]) => [...files, file],
    [] as string[],
  )
  .addOption(
    new Option(
      "--logical-names <from>",
      "the logical names in the variables' form (githubBot), which every language's generated code keeps, or " +
        "as the objects are named (github-bot), which Java's generated code does not keep",
    )
      .choices(["variables", "objects"])
      .default("variables"),
  )
  .action(async (options: CliOptions) => {
    try {
      const settings = resolveSettings(undefined, process.env);
      const managed = new Set(options.skipState.flatMap((file) => [...managedIdsIn(file)]));
      const client = new ApiClient(settings);
      try {
        const contents = await readAccount(client);
        const plan = planAdoption(contents, {
          stateOnly: options.stateOnly === true ? "all" : options.stateOnly,
          managed,
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
