// The triggers a new connector offers, read with the connector's id as soon as it exists.
import * as pulumi from "@pulumi/pulumi";
import { Connector, getTriggersOutput } from "pulumi-integrations";

const config = new pulumi.Config();

const connector = new Connector("source", {
  name: "e2e-triggers-source",
  appName: "github",
  // The developer's own GitHub OAuth app: its client secret is the secret this stack holds.
  authScheme: "OAUTH2",
  authConfig: {
    client_id: "e2e-triggers-client",
    client_secret: config.requireSecret("githubClientSecret"),
    scopes: ["repo"],
  },
});

const offered = getTriggersOutput({ integrationIds: [connector.id] });

export const connectorId = connector.id;
export const triggerNames = offered.triggers.apply((triggers) => triggers.map((t) => t.name).sort());
export const triggerApps = offered.triggers.apply((triggers) => [...new Set(triggers.map((t) => t.appName))]);
