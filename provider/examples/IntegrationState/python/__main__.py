import pulumi
import pulumi_integrations as integrations

config = pulumi.Config()
# The id of the connector the stack disables
shared_integration_id = config.require("sharedIntegrationId")
shared = integrations.IntegrationState("shared",
    integration_id=shared_integration_id,
    enabled=False,
    on_delete=integrations.IntegrationStateOnDelete.RESTORE)
pulumi.export("enabledBefore", shared.prior_enabled)
