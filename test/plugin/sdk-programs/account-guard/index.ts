// Through the plugin's default provider: its base URL from the stack config or INTEGRATIONS_BASE_URL, its key
// from INTEGRATIONS_API_KEY (no `integrations:apiKey` in config), as a pipeline gives them.
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();

// A token scheme: the connector takes no authConfig.
const github = new integrations.Connector("github", {
  name: "guard-github",
  appName: "github",
  authScheme: "BEARER_TOKEN",
});
// onDelete "restore" (the default): a delete puts back the URL the account had before.
const events = new integrations.TriggerWebhook("events", { url: config.require("webhookUrl") });

// An integration made outside the stack, disabled while the stack holds it and enabled again on delete.
const integrationId = config.get("integrationId");
const state =
  integrationId === undefined
    ? undefined
    : new integrations.IntegrationState("made-elsewhere", {
        integrationId,
        enabled: false,
        onDelete: "restore",
      });

export const connectorId = github.id;
export const webhookUrl = events.url;
export const priorEnabled = state?.priorEnabled;
