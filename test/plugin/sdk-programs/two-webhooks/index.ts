// Two explicit providers of one account, each through a key of its own, each with a TriggerWebhook: the account
// has one callback URL, and each provider runs in a process of its own, so neither check sees the other's claim.
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
const baseUrl = config.require("baseUrl");

for (const name of ["first", "second"]) {
  const provider = new integrations.Provider(name, { baseUrl, apiKey: config.requireSecret(`${name}Key`) });
  new integrations.TriggerWebhook(
    `${name}-hook`,
    { url: `https://${name}.example.com/events` },
    { provider },
  );
}
