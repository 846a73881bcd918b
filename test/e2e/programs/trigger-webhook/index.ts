// The account's callback URL from config; `secondUrl` declares a second webhook of the same account.
import * as pulumi from "@pulumi/pulumi";
import { TriggerWebhook } from "pulumi-integrations";

const config = new pulumi.Config();

const events = new TriggerWebhook("events", {
  url: config.require("url"),
  onDelete: config.get("onDelete") as "restore" | "retain" | undefined,
});

const secondUrl = config.get("secondUrl");
if (secondUrl !== undefined) new TriggerWebhook("events-again", { url: secondUrl });

export const url = events.url;
export const priorUrl = events.priorUrl;
export const webhookSecret = events.webhookSecret;
