import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
// The id of the connector the stack disables
const sharedIntegrationId = config.require("sharedIntegrationId");
const shared = new integrations.IntegrationState("shared", {
    integrationId: sharedIntegrationId,
    enabled: false,
    onDelete: integrations.IntegrationStateOnDelete.Restore,
});
export const enabledBefore = shared.priorEnabled;
