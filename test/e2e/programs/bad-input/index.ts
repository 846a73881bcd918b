// deletionPolicy comes from config, as untyped as a user's JavaScript: "archive" is no policy.
import * as pulumi from "@pulumi/pulumi";
import { Connector, type DeletionPolicy } from "pulumi-integrations";

const config = new pulumi.Config();

new Connector("misconfigured", {
  name: "e2e-bad-input",
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: { client_id: "e2e-bad-input-client", client_secret: config.requireSecret("clientSecret") },
  deletionPolicy: config.require("deletionPolicy") as DeletionPolicy,
});
