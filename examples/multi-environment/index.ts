import * as pulumi from "@pulumi/pulumi";
import { Connector, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();
const stack = pulumi.getStack();
const apps = config.requireObject<string[]>("apps");
const enabled = config.getBoolean("enabled") ?? true;
const deletionPolicy = (config.get("deletionPolicy") ?? "delete") as DeletionPolicy;
const clientSecret = config.requireSecret("oauthClientSecret");

// One OAuth2 connector per app, named after the environment so that stacks sharing an account never clash.
const connectors = apps.map(
  (app) =>
    new Connector(app, {
      name: `${app}-${stack}`,
      appName: app,
      authScheme: "OAUTH2",
      authConfig: { client_id: config.require("oauthClientId"), client_secret: clientSecret },
      enabled,
      deletionPolicy,
    }),
);

export const connectorIds = Object.fromEntries(connectors.map((c, i) => [apps[i], c.id]));
