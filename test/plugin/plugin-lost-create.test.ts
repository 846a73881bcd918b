/**
 * Lost creates through the provider plugin on the real CLI and the real `pulumi-language-yaml`
 * (test/support/lost-create-suite.ts, the program test/plugin/yaml-programs/lost-create): a connector's create
 * and a trigger instance's enable whose responses are lost, with a late commit, and with the server's clock an
 * hour off either way. The same scenarios through the dynamic resources: test/e2e/lost-create.test.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { describeLostCreates } from "../support/lost-create-suite";
import { stageYamlProgram, yamlPluginStack } from "./support/quickstart-stack";

const CONNECTOR = "integrations:index:Connector";
const INSTANCE = "integrations:index:TriggerInstance";
let programFile: string;

describeLostCreates("lost creates through the plugin", {
  connectorType: CONNECTOR,
  instanceType: INSTANCE,
  stack: async (api, accountId) => {
    const programDir = stageYamlProgram(
      join(__dirname, "yaml-programs", "lost-create"),
      "plugin-lost-create",
    );
    programFile = join(programDir, "Pulumi.yaml");
    return yamlPluginStack(programDir, {
      config: { "integrations:baseUrl": api.emulator.url, accountId },
      secrets: { "integrations:apiKey": api.apiKey },
    });
  },
  // YAML has no loops: the program's resources are written out, one per connector and per repository.
  declare: async (connectors, instances) => {
    const program = parseDocument(readFileSync(programFile, "utf8"));
    const resources: Record<string, unknown> = {};
    for (const name of connectors)
      resources[name] = {
        type: CONNECTOR,
        properties: { name, appName: "github", authScheme: "BEARER_TOKEN" },
      };
    for (const repo of instances)
      resources[`stars-${repo}`] = {
        type: INSTANCE,
        properties: {
          connectedAccountId: "${accountId}",
          triggerName: "GITHUB_STAR_ADDED_EVENT",
          triggerConfig: { owner: "octocat", repo },
        },
      };
    program.set("resources", resources);
    writeFileSync(programFile, program.toString());
  },
});
