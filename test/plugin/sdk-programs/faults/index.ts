// The resources a fault scenario adds one up at a time, through the plugin's Node.js SDK: a connector per name in
// `connectors` (its logical name is its name), a trigger instance per repository in `instances` on the account
// `accountId`, and with `timed` set a connector whose update must finish within 2 s (customTimeouts).
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();

for (const name of config.getObject<string[]>("connectors") ?? []) {
  new integrations.Connector(name, { name, appName: "github", authScheme: "BEARER_TOKEN" });
}

for (const repo of config.getObject<string[]>("instances") ?? []) {
  new integrations.TriggerInstance(`stars-${repo}`, {
    connectedAccountId: config.require("accountId"),
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig: { owner: "octocat", repo },
  });
}

if (config.getBoolean("timed")) {
  new integrations.Connector(
    "timed",
    {
      name: "timed",
      appName: "github",
      authScheme: "BEARER_TOKEN",
      enabled: config.getBoolean("timedEnabled"),
    },
    { customTimeouts: { update: "2s" } },
  );
}
