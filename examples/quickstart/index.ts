import * as pulumi from "@pulumi/pulumi";
import { Connector, IntegrationState, getConnectorOutput, getTriggersOutput } from "pulumi-integrations";

const config = new pulumi.Config();
const stack = pulumi.getStack();

// A connector this stack owns: created, updated in place (authConfig, enabled) and deleted with the stack.
// Its authConfig holds the developer's own OAuth app (the scheme's fields not expected from customers);
// each end user signs in through a ConnectedAccount.
const github = new Connector("github", {
  name: `github-${stack}`,
  appName: "github",
  authScheme: "OAUTH2",
  authConfig: {
    client_id: config.require("githubClientId"),
    client_secret: config.requireSecret("githubClientSecret"),
    // A list of strings, as the service types it (a comma-separated string fails check).
    scopes: ["repo", "read:org"],
  },
});

// An API-key app: the connector takes no authConfig. Each end user's key goes in the `data` of a
// ConnectedAccount of it (getConnector's expectedInputFields name the fields: here api_key).
const linear = new Connector("linear", { name: `linear-${stack}`, appName: "linear", authScheme: "API_KEY" });

// An integration created outside this stack (by another team): the stack only manages its enabled flag,
// and hands it back as it found it when the stack is destroyed.
const sharedSlack = new IntegrationState("shared-slack", {
  integrationId: config.require("sharedSlackIntegrationId"),
  enabled: true,
  onDelete: "restore",
});

// The triggers the new connector can offer, read through the API once per run.
const githubTriggers = getTriggersOutput({ integrationIds: [github.id] });

export const githubConnectorId = github.id;
export const githubEnabled = github.enabled;
// The fields each ConnectedAccount gives: catalog data, read with getConnector (not stored with the connector).
const expectedInputs = (connector: Connector) =>
  getConnectorOutput({ id: connector.id }).expectedInputFields.apply((fields) => fields.map((f) => f.name));
export const githubExpectedInputs = expectedInputs(github);
export const linearExpectedInputs = expectedInputs(linear);
export const sharedSlackEnabled = sharedSlack.enabled;
export const githubTriggerNames = githubTriggers.triggers.apply((triggers) => triggers.map((t) => t.name));
