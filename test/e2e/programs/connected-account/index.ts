// One connected account whose inputs come from config, but for the user's key and token: plain strings from
// the environment, as a careless program reads them (not pulumi.secret): the resource alone must keep them
// secret. Each is left out of data when its variable is unset.
// Not plain stack config: the engine stores the whole config with a dynamic provider, in plain text,
// whatever the resource does.
import * as pulumi from "@pulumi/pulumi";
import { ConnectedAccount } from "pulumi-integrations";

const config = new pulumi.Config();

const account = new ConnectedAccount("deploy-bot", {
  integrationId: config.require("integrationId"),
  data: {
    ...(process.env.E2E_USER_KEY !== undefined && { api_key: process.env.E2E_USER_KEY }),
    ...(process.env.E2E_USER_TOKEN !== undefined && { token: process.env.E2E_USER_TOKEN }),
  },
  labels: config.getObject<string[]>("labels"),
  entityId: config.get("entityId"),
});

export const accountId = account.id;
export const status = account.status;
export const redirectUrl = account.redirectUrl;
