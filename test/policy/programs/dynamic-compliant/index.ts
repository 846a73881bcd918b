// Keeps every rule of the policy pack, all of them mandatory (test/policy/dynamic-policy.test.ts).
import * as pulumi from "@pulumi/pulumi";
import { Connector, IntegrationState, TriggerWebhook } from "pulumi-integrations";

const github = new Connector(
  "github",
  {
    name: "github-ci",
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: "ci-client", client_secret: pulumi.secret("a-client-secret"), scopes: ["repo"] },
    deletionPolicy: "retain",
  },
  { protect: true },
);

// Listed in the pack's config: onDelete "restore".
new IntegrationState("state", {
  integrationId: github.id,
  enabled: true,
  authConfig: pulumi.secret({ client_secret: "another-client-secret" }),
  onDelete: "restore",
});

new TriggerWebhook("events", { url: "https://hooks.example.com/events" });
