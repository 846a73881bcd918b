/** The floor of the scale benchmark: bench-connectors' program with a provider that does no I/O. */
import * as pulumi from "@pulumi/pulumi";
import { NullConnector } from "./null-connector";

const config = new pulumi.Config("bench");
const count = config.requireNumber("count");
const enabled = config.getBoolean("enabled") ?? true;
// Comma-separated in the bench config; a list of strings on the wire.
const scopes = (config.get("scopes") ?? "repo").split(",");
const clientSecret = config.requireSecret("clientSecret");

for (let i = 0; i < count; i++) {
  new NullConnector(`connector-${i}`, {
    name: `bench-${pulumi.getStack()}-${i}`,
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: `client-${i}`, client_secret: clientSecret, scopes },
    enabled,
  });
}

export const connectors = count;
