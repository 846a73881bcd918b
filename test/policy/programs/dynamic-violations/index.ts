// Breaks every rule of the policy pack on the dynamic resources (test/policy/dynamic-policy.test.ts).
import { Connector, IntegrationState, TriggerWebhook } from "pulumi-integrations";

// integrations-allowed-apps, -allowed-auth-schemes, -connector-name; its authConfig values plain
// (integrations-secret-auth-config); protected with the default deletionPolicy "delete"
// (integrations-deletion-policy).
const rogue = new Connector(
  "rogue",
  {
    name: "Rogue_Connector",
    appName: "jira",
    authScheme: "BASIC",
    authConfig: { username: "ci-bot", password: "a-plain-password" },
  },
  { protect: true },
);

// integrations-no-service-auth.
new Connector("shared", {
  name: "shared-github",
  appName: "github",
  authScheme: "OAUTH2",
  useServiceAuth: true,
});

// Listed in the pack's config with onDelete left at "retain" (integrations-deletion-policy); a plain
// authConfig value (integrations-secret-auth-config).
new IntegrationState("rogueState", {
  integrationId: rogue.id,
  enabled: true,
  authConfig: { client_secret: "a-plain-client-secret" },
});

// integrations-https-webhooks.
new TriggerWebhook("events", { url: "http://hooks.example.com/events" });
