import * as pulumi from "@pulumi/pulumi";
import { Connector, type DeletionPolicy } from "pulumi-integrations";

/** One connector of the environment, as Pulumi.<environment>.yaml declares it. */
interface ConnectorSpec {
  app: string;
  scopes?: string[];
  enabled?: boolean;
}

const config = new pulumi.Config();
const environment = pulumi.getStack();
const specs = config.requireObject<Record<string, ConnectorSpec>>("connectors");
const deletionPolicy = (config.get("deletionPolicy") ?? "delete") as DeletionPolicy;
const clientSecret = config.requireSecret("oauthClientSecret");

const connectors = Object.entries(specs).map(
  ([key, spec]) =>
    new Connector(key, {
      // The environment in the name: staging and production may share an account.
      name: `${key}-${environment}`,
      appName: spec.app,
      authScheme: "OAUTH2",
      // The developer's OAuth app: the connector's fields. Each end user's sign-in is a connected account.
      authConfig: {
        client_id: config.require("oauthClientId"),
        client_secret: clientSecret,
        ...(spec.scopes ? { scopes: spec.scopes } : {}),
      },
      enabled: spec.enabled ?? true,
      deletionPolicy,
    }),
);

export const connectorIds = Object.fromEntries(
  connectors.map((connector, i) => [Object.keys(specs)[i], connector.id]),
);
