// A connector and the account's callback URL, in whatever account the provider's key reaches: the stack
// gives no `connection`, and its key comes from the environment (INTEGRATIONS_API_KEY), as a pipeline gives it.
import * as pulumi from "@pulumi/pulumi";
import { Connector, TriggerWebhook } from "pulumi-integrations";

const config = new pulumi.Config();

// A token scheme: the connector takes no authConfig.
const github = new Connector("github", {
  name: "guard-github",
  appName: "github",
  authScheme: "BEARER_TOKEN",
});
// onDelete "restore" (the default): a destroy puts back the URL the account had before.
const events = new TriggerWebhook("events", { url: config.require("webhookUrl") });

export const connectorId = github.id;
export const webhookUrl = events.url;
