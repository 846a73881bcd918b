import pulumi
import pulumi_integrations as integrations

config = pulumi.Config()
github_client_id = config.require("githubClientId")
github_client_secret = config.require_secret("githubClientSecret")
shared_slack_integration_id = config.require("sharedSlackIntegrationId")
github_scopes = [
    "repo",
    "read:org",
]
github = integrations.Connector("github",
    name=f"github-{pulumi.get_stack()}",
    app_name="github",
    auth_scheme="OAUTH2",
    auth_config={
        "client_id": github_client_id,
        "client_secret": github_client_secret,
        "scopes": github_scopes,
    })
github_triggers_var = integrations.get_triggers_output(integration_ids=github.id.apply(lambda github_id: [github_id]))
linear = integrations.Connector("linear",
    name=f"linear-{pulumi.get_stack()}",
    app_name="linear",
    auth_scheme="API_KEY")
linear_expected_input_fields_var = integrations.get_connector_output(id=linear.id).expected_input_fields
shared_slack = integrations.IntegrationState("shared-slack",
    integration_id=shared_slack_integration_id,
    enabled=True,
    on_delete=integrations.IntegrationStateOnDelete.RESTORE)
pulumi.export("githubConnectorId", github.id)
pulumi.export("githubEnabled", github.enabled)
pulumi.export("linearExpectedInputFields", linear_expected_input_fields_var)
pulumi.export("sharedSlackEnabled", shared_slack.enabled)
pulumi.export("githubTriggers", github_triggers_var)
