// Takes over an integration another team created (disabled): this stack enables it and sets its token,
// and on destroy hands `enabled` back as it found it.
import * as pulumi from "@pulumi/pulumi";
import { IntegrationState } from "pulumi-integrations";

const config = new pulumi.Config();

const takenOver = new IntegrationState("taken-over", {
  integrationId: config.require("integrationId"),
  enabled: true,
  authConfig: { token: config.requireSecret("token") },
  onDelete: "restore",
});

export const enabled = takenOver.enabled;
export const priorEnabled = takenOver.priorEnabled;
