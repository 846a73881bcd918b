// One autonamed connector (no `name`): the name is derived from the project, the stack and the logical
// name. Its scheme (a replacing input) and its deletionPolicy come from config. A token scheme takes no
// authConfig (the token is each account's); the OAuth one holds the developer's client secret.
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();
const authScheme = config.require("authScheme");

const connector = new Connector("github", {
  appName: "github",
  authScheme,
  authConfig:
    authScheme === "OAUTH2"
      ? { client_id: "e2e-client-id", client_secret: config.requireSecret("secret"), scopes: ["repo"] }
      : undefined,
  deletionPolicy: config.require("deletionPolicy") as "delete" | "disable",
});

export const connectorId = connector.id;
export const connectorName = connector.name;
