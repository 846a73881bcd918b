/**
 * The benchmarks' program: `bench:count` connectors, each with its own name and a secret authConfig.
 * `bench:enabled` and `bench:scopes` change every connector at once (an update in place); `bench:autoname`
 * leaves the names to autonaming.
 */
import * as pulumi from "@pulumi/pulumi";
import { Connector } from "pulumi-integrations";

const config = new pulumi.Config("bench");
const count = config.requireNumber("count");
const enabled = config.getBoolean("enabled") ?? true;
// Comma-separated in the bench config; a list of strings on the wire.
const scopes = (config.get("scopes") ?? "repo").split(",");
const clientSecret = config.requireSecret("clientSecret");

// `bench:autoname`: no name, so each connector is autonamed (the prefix its logical name gives by default).
const autoname = config.getBoolean("autoname") ?? false;

for (let i = 0; i < count; i++) {
  new Connector(`connector-${i}`, {
    ...(autoname ? { namePrefix: `connector-${i}-` } : { name: `bench-${pulumi.getStack()}-${i}` }),
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: { client_id: `client-${i}`, client_secret: clientSecret, scopes },
    enabled,
  });
}

export const connectors = count;
