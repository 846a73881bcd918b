// Two accounts in one stack through two explicit providers of the plugin, each with its own base URL and
// API key (program config, the keys secret): the same connector name in each, since names are unique per
// account only. No resource uses the default provider, so the stack config holds no account.
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();

const dev = new integrations.Provider("dev", {
  baseUrl: config.require("devBaseUrl"),
  apiKey: config.requireSecret("devApiKey"),
});
const prod = new integrations.Provider("prod", {
  baseUrl: config.require("prodBaseUrl"),
  apiKey: config.requireSecret("prodApiKey"),
});

// A token scheme: each connected account gives its own token, the connector takes none.
const devGithub = new integrations.Connector(
  "dev-github",
  { name: "github-main", appName: "github", authScheme: "BEARER_TOKEN" },
  { provider: dev },
);
const prodGithub = new integrations.Connector(
  "prod-github",
  {
    name: "github-main",
    appName: "github",
    authScheme: "BEARER_TOKEN",
    enabled: config.getBoolean("prodEnabled") ?? true,
  },
  { provider: prod },
);

export const devId = devGithub.id;
export const prodId = prodGithub.id;
