// One connected account whose every input comes from config; its credentials are a secret.
import * as pulumi from "@pulumi/pulumi";
import { ConnectedAccount } from "pulumi-integrations";

const config = new pulumi.Config();

const account = new ConnectedAccount("deploy-bot", {
  integrationId: config.require("integrationId"),
  data: config.getSecretObject<Record<string, unknown>>("data") ?? {},
  labels: config.getObject<string[]>("labels"),
  entityId: config.get("entityId"),
});

export const accountId = account.id;
export const status = account.status;
export const redirectUrl = account.redirectUrl;
