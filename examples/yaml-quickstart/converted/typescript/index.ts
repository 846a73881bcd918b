import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
const githubClientId = config.require("githubClientId");
const githubClientSecret = config.requireSecret("githubClientSecret");
const sharedSlackIntegrationId = config.require("sharedSlackIntegrationId");
const githubScopes = [
    "repo",
    "read:org",
];
const github = new integrations.Connector("github", {
    name: `github-${pulumi.getStack()}`,
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: {
        client_id: githubClientId,
        client_secret: githubClientSecret,
        scopes: githubScopes,
    },
});
const githubTriggersVar = integrations.getTriggersOutput({
    integrationIds: [github.id],
});
const linear = new integrations.Connector("linear", {
    name: `linear-${pulumi.getStack()}`,
    appName: "linear",
    authScheme: "API_KEY",
});
const linearExpectedInputFieldsVar = integrations.getConnectorOutput({
    id: linear.id,
}).apply(invoke => invoke.expectedInputFields);
const sharedSlack = new integrations.IntegrationState("shared-slack", {
    integrationId: sharedSlackIntegrationId,
    enabled: true,
    onDelete: integrations.IntegrationStateOnDelete.Restore,
});
export const githubConnectorId = github.id;
export const githubEnabled = github.enabled;
export const linearExpectedInputFields = linearExpectedInputFieldsVar;
export const sharedSlackEnabled = sharedSlack.enabled;
export const githubTriggers = githubTriggersVar;
