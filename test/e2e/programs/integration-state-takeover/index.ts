// Takes over an OAuth integration another team created (disabled): this stack enables it and sets its
// client secret (the scheme's secret, which a PATCH of authConfig must carry: the service never shows it
// back), and on destroy hands `enabled` back as it found it.
import * as pulumi from "@pulumi/pulumi";
import { IntegrationState } from "pulumi-integrations";

const config = new pulumi.Config();

const takenOver = new IntegrationState("taken-over", {
  integrationId: config.require("integrationId"),
  enabled: true,
  authConfig: { client_secret: config.requireSecret("clientSecret") },
  onDelete: "restore",
});

export const enabled = takenOver.enabled;
export const priorEnabled = takenOver.priorEnabled;
