// One connected account whose inputs come from config, but for the user token: a plain string from the
// environment, as a careless program reads it (not pulumi.secret): the resource alone must keep it secret.
// Not plain stack config: the engine stores the whole config with a dynamic provider, in plain text
// (Target.GetPackageConfig in pulumi/pulumi pkg/resource/deploy/target.go), whatever the resource does.
import * as pulumi from "@pulumi/pulumi";
import { ConnectedAccount } from "pulumi-integrations";

const config = new pulumi.Config();

const account = new ConnectedAccount("deploy-bot", {
  integrationId: config.require("integrationId"),
  data: process.env.E2E_USER_TOKEN === undefined ? {} : { token: process.env.E2E_USER_TOKEN },
  labels: config.getObject<string[]>("labels"),
  entityId: config.get("entityId"),
});

export const accountId = account.id;
export const status = account.status;
export const redirectUrl = account.redirectUrl;
