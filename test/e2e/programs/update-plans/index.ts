// One resource of every type, chained as a user chains them (connector -> account -> trigger instance),
// with an autonamed and a named connector. Each scenario step changes config between plans.
import * as pulumi from "@pulumi/pulumi";
import {
  ConnectedAccount,
  Connector,
  IntegrationState,
  TriggerInstance,
  TriggerWebhook,
} from "pulumi-integrations";

const config = new pulumi.Config();
const enabled = config.requireBoolean("enabled");

// Autonamed: its name is derived in check, in the preview and again in the update. Its scheme (and so
// its authConfig) comes from config: changing it replaces the connector. A token scheme takes no
// authConfig: the token is each account's.
const authScheme = config.require("authScheme");
const autonamed = new Connector("autonamed", {
  appName: "github",
  authScheme,
  authConfig:
    authScheme === "OAUTH2"
      ? { client_id: "e2e-client-id", client_secret: config.requireSecret("githubToken"), scopes: ["repo"] }
      : undefined,
  enabled,
});
const named = new Connector("named", {
  name: config.require("connectorName"),
  appName: "github",
  authScheme: "BEARER_TOKEN",
  enabled,
});
// A connector made outside the stack, whose state this stack manages.
const state = new IntegrationState("managed", {
  integrationId: config.require("integrationId"),
  enabled,
  onDelete: "restore",
});
// On the named connector (a token scheme: its accounts, given their token, are active at once, as a
// trigger needs).
const account = new ConnectedAccount("bot", {
  integrationId: named.id,
  data: { token: config.requireSecret("githubToken") },
  labels: [config.require("label")],
});
const stars = new TriggerInstance("stars", {
  connectedAccountId: account.id,
  triggerName: "GITHUB_STAR_ADDED_EVENT",
  triggerConfig: { owner: "octocat", repo: config.require("repo") },
  enabled,
});
const webhook = new TriggerWebhook("events", { url: config.require("url") });

export const autonamedId = autonamed.id;
export const autonamedName = autonamed.name;
export const namedId = named.id;
export const stateEnabled = state.enabled;
export const accountId = account.id;
export const instanceId = stars.id;
export const webhookUrl = webhook.url;
