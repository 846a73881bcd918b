// The stack before the move: a fixed-name OAuth connector holding the stack's client secret and an autonamed
// API-key connector, as the dynamic resources of pulumi-integrations make them.
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config();

const github = new Connector("github", {
  name: config.require("name"),
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: "migrate-client-id",
    client_secret: config.requireSecret("clientSecret"),
    scopes: ["repo"],
  },
});
const linear = new Connector("linear", { appName: "linear", authScheme: "API_KEY" });

export const githubId = github.id;
export const linearId = linear.id;
export const linearName = linear.name;
