// Connectors of two accounts in one program: the stack config's, and a second one given by `connection`.
import * as pulumi from "@pulumi/pulumi";
import { Connector, getTriggersOutput } from "pulumi-integrations";

const config = new pulumi.Config();
const baseUrl = config.require("prodBaseUrl");

const dev = new Connector("dev-github", {
  name: "e2e-github",
  appName: "github",
  // A token scheme: the connector takes no authConfig (the token is each account's).
  authScheme: "BEARER_TOKEN",
});

// The same name in the other account: names are unique per account only.
const prodGithub = new Connector("prod-github", {
  name: "e2e-github",
  appName: "github",
  authScheme: "BEARER_TOKEN",
  enabled: config.getBoolean("prodEnabled") ?? true,
  // A plain key (as read with `require`): the resource stores it as a secret all the same.
  connection: { baseUrl, apiKey: config.require("prodApiKey") },
});

const prodTriggers = getTriggersOutput(
  { integrationIds: [prodGithub.id] },
  {
    connection: { baseUrl, apiKey: config.requireSecret("prodApiKey") },
  },
);

export const devId = dev.id;
export const prodId = prodGithub.id;
export const prodTriggerCount = prodTriggers.triggers.apply((triggers) => triggers.length);
