/**
 * Lost creates through the provider plugin on the real CLI (test/support/lost-create-suite.ts): a connector's
 * create and a trigger instance's enable whose responses are lost, with a late commit, and with the server's
 * clock an hour off either way. The same scenarios through the dynamic resources: test/e2e/lost-create.test.ts.
 */
import { join } from "node:path";
import { describeLostCreates } from "../support/lost-create-suite";
import { pluginStack, stageSdkProgram } from "./support/quickstart-stack";

describeLostCreates("lost creates through the plugin", {
  connectorType: "integrations:index:Connector",
  instanceType: "integrations:index:TriggerInstance",
  stack: async (api, accountId) =>
    pluginStack(await stageSdkProgram(join(__dirname, "sdk-programs", "faults"), "plugin-lost-create"), {
      config: { "integrations:baseUrl": api.emulator.url, accountId },
      secrets: { "integrations:apiKey": api.apiKey },
    }),
});
