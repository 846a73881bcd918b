// One connector with a secret authConfig value, and the connector as the getConnectorOutput data function
// reads it back: against a service that answers secret values in clear, or masked, instead of leaving
// them out. The name can be set from config (a name the service would trim is refused at check).
import * as pulumi from "@pulumi/pulumi";
import { Connector, getConnectorOutput } from "pulumi-integrations";

const config = new pulumi.Config();

const connector = new Connector("connector", {
  name: config.get("name") ?? "e2e-service-secrets",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: "e2e-visible-client",
    client_secret: config.requireSecret("clientSecret"),
    scopes: ["repo"],
  },
});

const read = getConnectorOutput({ id: connector.id });

export const connectorId = connector.id;
export const readName = read.name;
export const readAuthConfig = read.authConfig;
