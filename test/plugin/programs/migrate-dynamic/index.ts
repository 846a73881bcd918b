// The stack before the move, as the dynamic resources of pulumi-integrations make it: a fixed-name OAuth
// connector holding the stack's client secret, an autonamed API-key connector and an end user's account of
// it (its key secret, never shown by the service), the state of an integration made outside the stack, and
// the account's callback URL.
import * as pulumi from "@pulumi/pulumi";
import { ConnectedAccount, Connector, IntegrationState, TriggerWebhook } from "pulumi-integrations";

const config = new pulumi.Config();

const github = new Connector("github", {
  name: config.require("name"),
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: "migrate-client-id",
    client_secret: config.requireSecret("clientSecret"),
    scopes: ["repo"],
  },
});
const linear = new Connector("linear", { appName: "linear", authScheme: "API_KEY" });
const alice = new ConnectedAccount("alice", {
  integrationId: linear.id,
  data: { api_key: config.requireSecret("aliceKey") },
});
const outside = new IntegrationState("outside", {
  integrationId: config.require("outsideId"),
  enabled: false,
  onDelete: "restore",
});
const webhook = new TriggerWebhook("events", { url: config.require("webhookUrl") });

export const githubId = github.id;
export const linearName = linear.name;
export const aliceId = alice.id;
export const outsidePriorEnabled = outside.priorEnabled;
export const webhookSecret = webhook.webhookSecret;
