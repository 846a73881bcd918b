// One connector per deletionPolicy: destroy deletes the first, disables the second, leaves the third.
import * as pulumi from "@pulumi/pulumi";
import { Connector, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();

function connectorWith(deletionPolicy: DeletionPolicy): Connector {
  return new Connector(`on-destroy-${deletionPolicy}`, {
    name: `e2e-policy-${deletionPolicy}`,
    appName: "slack",
    // The developer's own Slack app: its client secret is the secret this stack holds. (A token scheme's
    // connector would take no authConfig: the token is each account's.)
    authScheme: "OAUTH2",
    authConfig: {
      client_id: "e2e-policy-client",
      client_secret: config.requireSecret("slackClientSecret"),
      scopes: ["chat:write"],
    },
    deletionPolicy,
  });
}

export const deletedId = connectorWith("delete").id;
export const disabledId = connectorWith("disable").id;
export const retainedId = connectorWith("retain").id;
