// The resources a fault scenario adds one up at a time (the dynamic twin of the YAML that
// test/plugin/plugin-lost-create.test.ts writes): a connector per name in `connectors` (its logical name is its
// name), and a trigger instance per repository in `instances` on the account `accountId`.
import * as pulumi from "@pulumi/pulumi";
import { Connector, TriggerInstance } from "pulumi-integrations";

const config = new pulumi.Config();

for (const name of config.getObject<string[]>("connectors") ?? []) {
  new Connector(name, { name, appName: "github", authScheme: "BEARER_TOKEN" });
}

for (const repo of config.getObject<string[]>("instances") ?? []) {
  new TriggerInstance(`stars-${repo}`, {
    connectedAccountId: config.require("accountId"),
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig: { owner: "octocat", repo },
  });
}
