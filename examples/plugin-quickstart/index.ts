// The quickstart on the provider plugin `integrations`, through its generated Node.js SDK
// (@pulumi-integrations/sdk, sdk/nodejs): the same stack as ../quickstart (dynamic resources),
// ../python-quickstart and ../go-quickstart. The account is the stack config's (`integrations:apiKey`, a
// secret, and `integrations:baseUrl`), which the plugin's default provider reads.
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
const stack = pulumi.getStack();

// A connector this stack owns: created, updated in place (authConfig, enabled) and deleted with the stack.
// Its authConfig holds the developer's own OAuth app; each end user signs in through a ConnectedAccount.
const github = new integrations.Connector("github", {
  name: `github-${stack}`,
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: config.require("githubClientId"),
    client_secret: config.requireSecret("githubClientSecret"),
    scopes: ["repo", "read:org"],
  },
});

// An API-key app: the connector takes no authConfig. Each end user's key goes in the `data` of a
// ConnectedAccount of it (getConnector's expectedInputFields name the fields: here api_key).
const linear = new integrations.Connector("linear", {
  name: `linear-${stack}`,
  appName: "linear",
  authScheme: "API_KEY",
});

// An integration created outside this stack: the stack manages only its enabled flag, and hands it back as
// it found it when the stack is destroyed.
const sharedSlack = new integrations.IntegrationState("shared-slack", {
  integrationId: config.require("sharedSlackIntegrationId"),
  enabled: true,
  onDelete: "restore",
});

// The triggers the new connector can offer, read through the API once per run.
const githubTriggers = integrations.getTriggersOutput({ integrationIds: [github.id] });

// A connector made outside the stack and brought in with
// `pulumi import integrations:index:Connector existing <id>`: declared with the inputs it was made with, it
// is then this stack's like the others (an API-key connector: the import reads all of them).
const existingName = config.get("existingConnectorName");
export const existingConnectorId = existingName
  ? new integrations.Connector("existing", { name: existingName, appName: "linear", authScheme: "API_KEY" })
      .id
  : undefined;

export const githubConnectorId = github.id;
export const githubEnabled = github.enabled;
// Catalog data, read with getConnector (not stored with the connector).
export const linearExpectedInputs = integrations
  .getConnectorOutput({ id: linear.id })
  .expectedInputFields.apply((fields) => fields.map((f) => f.name));
export const sharedSlackEnabled = sharedSlack.enabled;
export const githubTriggerNames = githubTriggers.triggers.apply((triggers) => triggers.map((t) => t.name));
