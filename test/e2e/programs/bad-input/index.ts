// As untyped as a user's JavaScript: deletionPolicy comes from config ("archive" is no policy) and the scopes
// are a comma-separated string, not a list. The client secret comes from the environment (a CI secret), not
// from the stack's secret config, which the engine masks in whatever it prints: only the provider can keep it
// out of the error.
import * as pulumi from "@pulumi/pulumi";
import { Connector, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();

new Connector("misconfigured", {
  name: "e2e-bad-input",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: "e2e-bad-input-client",
    client_secret: pulumi.secret(process.env.E2E_CLIENT_SECRET ?? ""),
    scopes: "repo,read:org" as unknown as string[],
  },
  deletionPolicy: config.require("deletionPolicy") as DeletionPolicy,
});
