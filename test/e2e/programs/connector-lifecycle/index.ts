// One connector whose name, enabled flag and client secret come from config, so that each step of the
// lifecycle is a config change between two operations.
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();

const connector = new Connector("connector", {
  name: config.require("name"),
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: config.require("clientId"),
    client_secret: config.requireSecret("clientSecret"),
    scopes: ["repo"],
  },
  enabled: config.requireBoolean("enabled"),
  deletionPolicy: "delete",
});

export const connectorId = connector.id;
export const connectorEnabled = connector.enabled;
