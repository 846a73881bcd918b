// One connector whose authConfig the service will not store as sent: a client_id with spaces around it,
// scopes out of the service's order; the service also adds a key of its own.
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();

const connector = new Connector("connector", {
  name: "e2e-normalising",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: config.require("clientId"),
    client_secret: config.requireSecret("clientSecret"),
    scopes: ["repo", "admin:org", "read:user"],
  },
});

export const connectorId = connector.id;
