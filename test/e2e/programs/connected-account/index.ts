// One connected account whose every input comes from config. The token is read as plain config, as a
// careless program would: the resource alone must keep it secret.
import * as pulumi from "@pulumi/pulumi";
import { ConnectedAccount } from "pulumi-integrations";

const config = new pulumi.Config();

const account = new ConnectedAccount("deploy-bot", {
  integrationId: config.require("integrationId"),
  data: config.get("userToken") === undefined ? {} : { token: config.require("userToken") },
  labels: config.getObject<string[]>("labels"),
  entityId: config.get("entityId"),
});

export const accountId = account.id;
export const status = account.status;
export const redirectUrl = account.redirectUrl;
