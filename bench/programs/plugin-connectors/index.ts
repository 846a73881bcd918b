/**
 * bench-connectors' program on the provider plugin: `bench:count` connectors through the plugin's Node.js SDK,
 * each with its own name and a secret authConfig. `bench:pluginVersion`, when set, asks the engine for that
 * version of the `integrations` plugin (the benchmark installs its null plugin under a version of its own);
 * otherwise the SDK's own version, as for any user.
 */
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config("bench");
const count = config.requireNumber("count");
const enabled = config.getBoolean("enabled") ?? true;
// Comma-separated in the bench config; a list of strings on the wire.
const scopes = (config.get("scopes") ?? "repo").split(",");
const clientSecret = config.requireSecret("clientSecret");
const version = config.get("pluginVersion");

for (let i = 0; i < count; i++) {
  new integrations.Connector(
    `connector-${i}`,
    {
      name: `bench-${pulumi.getStack()}-${i}`,
      appName: "github",
      authScheme: "OAUTH2",
      authConfig: { client_id: `client-${i}`, client_secret: clientSecret, scopes },
      enabled,
    },
    version === undefined ? {} : { version },
  );
}

export const connectors = count;
