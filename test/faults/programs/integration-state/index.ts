import * as pulumi from "@pulumi/pulumi";
import { IntegrationState } from "pulumi-integrations";

const config = new pulumi.Config();

new IntegrationState("taken-over", {
  integrationId: config.require("integrationId"),
  enabled: config.requireBoolean("enabled"),
  authConfig: { client_id: "taken-over-client", client_secret: config.requireSecret("clientSecret") },
});
