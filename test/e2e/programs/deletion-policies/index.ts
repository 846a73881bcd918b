// One connector per deletionPolicy: destroy deletes the first, disables the second, leaves the third.
import * as pulumi from "@pulumi/pulumi";
import { Connector, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();

function connectorWith(deletionPolicy: DeletionPolicy): Connector {
  return new Connector(`on-destroy-${deletionPolicy}`, {
    name: `e2e-policy-${deletionPolicy}`,
    appName: "slack",
    authScheme: "BEARER_TOKEN",
    authConfig: { token: config.requireSecret("slackToken") },
    deletionPolicy,
  });
}

export const deletedId = connectorWith("delete").id;
export const disabledId = connectorWith("disable").id;
export const retainedId = connectorWith("retain").id;
