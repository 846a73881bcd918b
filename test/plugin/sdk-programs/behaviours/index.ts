// What test/plugin/plugin-behaviours.test.ts changes between its ups, through the plugin's Node.js SDK: two
// autonamed connectors (an account on one of them) and a third one when `extra` is set, and an autonamed OAuth
// connector whose client_id, client_secret and scopes come from config (a change of its scopes replaces it).
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();

const alpha = new integrations.Connector("alpha", { appName: "github", authScheme: "BEARER_TOKEN" });
const beta = new integrations.Connector("beta", { appName: "github", authScheme: "BEARER_TOKEN" });
const account = new integrations.ConnectedAccount("alpha-account", {
  integrationId: alpha.id,
  data: { token: config.requireSecret("accountToken") },
});
const gamma = config.getBoolean("extra")
  ? new integrations.Connector("gamma", { appName: "github", authScheme: "BEARER_TOKEN" })
  : undefined;
export const names = { alpha: alpha.name, beta: beta.name, ...(gamma ? { gamma: gamma.name } : {}) };
export const accountId = account.id;

const oauth = new integrations.Connector(
  "oauth",
  {
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: {
      client_id: config.require("clientId"),
      client_secret: config.requireSecret("clientSecret"),
      scopes: config.requireObject<string[]>("scopes"),
    },
  },
  { replaceOnChanges: ["authConfig.scopes"] },
);
export const oauthId = oauth.id;
