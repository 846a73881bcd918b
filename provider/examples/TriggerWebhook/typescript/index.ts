import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// The account's callback URL
//
// Where the service POSTs every trigger event, and the secret that signs each delivery (for verifyWebhook).
// On delete the URL found before is put back.
const events = new integrations.TriggerWebhook("events", {url: "https://hooks.example.com/events"});
export const webhookSecret = events.webhookSecret;
