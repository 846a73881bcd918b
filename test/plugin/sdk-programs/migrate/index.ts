// The same stack after the move: the same resources, names and inputs, through the plugin's Node.js SDK.
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();

const github = new integrations.Connector("github", {
  name: config.require("name"),
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: "migrate-client-id",
    client_secret: config.requireSecret("clientSecret"),
    scopes: ["repo"],
  },
});
const linear = new integrations.Connector("linear", { appName: "linear", authScheme: "API_KEY" });
const alice = new integrations.ConnectedAccount("alice", {
  integrationId: linear.id,
  data: { api_key: config.requireSecret("aliceKey") },
});
const outside = new integrations.IntegrationState("outside", {
  integrationId: config.require("outsideId"),
  enabled: false,
  onDelete: "restore",
});
const webhook = new integrations.TriggerWebhook("events", { url: config.require("webhookUrl") });

export const githubId = github.id;
export const linearName = linear.name;
export const aliceId = alice.id;
export const outsidePriorEnabled = outside.priorEnabled;
export const webhookSecret = webhook.webhookSecret;
