"""The quickstart as a Python program of the provider plugin `integrations` (sdk/python, pulumi_integrations).

The same stack as examples/quickstart (TypeScript, dynamic resources) and examples/go-quickstart: an OAuth
connector this stack owns, an API-key connector, a shared integration's state taken over, and the triggers
the new connector offers. The account is the stack config's (`integrations:apiKey`, a secret, and
`integrations:baseUrl`), which run.py sets. run.py runs this function inline with the Automation API.
"""

import pulumi
import pulumi_integrations as integrations


def quickstart() -> None:
    config = pulumi.Config()
    stack = pulumi.get_stack()

    # A connector this stack owns: created, updated in place (auth_config, enabled) and deleted with the
    # stack. Its auth_config holds the developer's own OAuth app; each end user signs in through a
    # ConnectedAccount.
    github = integrations.Connector(
        "github",
        name=f"github-{stack}",
        app_name="github",
        auth_scheme="OAUTH2",
        auth_config={
            "client_id": config.require("githubClientId"),
            "client_secret": config.require_secret("githubClientSecret"),
            "scopes": ["repo", "read:org"],
        },
    )

    # An API-key app: the connector takes no auth_config. Each end user's key goes in the `data` of a
    # ConnectedAccount of it (get_connector's expected_input_fields name the fields: here api_key).
    linear = integrations.Connector("linear", name=f"linear-{stack}", app_name="linear", auth_scheme="API_KEY")

    # An integration created outside this stack: the stack manages only its enabled flag, and hands it back
    # as it found it when the stack is destroyed.
    shared_slack = integrations.IntegrationState(
        "shared-slack",
        integration_id=config.require("sharedSlackIntegrationId"),
        enabled=True,
        on_delete="restore",
    )

    # The triggers the new connector can offer, read through the API once per run.
    github_triggers = integrations.get_triggers_output(integration_ids=[github.id])

    # A connector made outside the stack and brought in with
    # `python run.py import integrations:index:Connector existing <id>`: declared with the inputs it was made
    # with, it is then this stack's like the others (an API-key connector: the import reads all of them).
    existing_name = config.get("existingConnectorName")
    if existing_name:
        existing = integrations.Connector("existing", name=existing_name, app_name="linear", auth_scheme="API_KEY")
        pulumi.export("existingConnectorId", existing.id)

    pulumi.export("githubConnectorId", github.id)
    pulumi.export("githubEnabled", github.enabled)
    # Catalog data, read with get_connector (not stored with the connector).
    linear_fields = integrations.get_connector_output(id=linear.id).expected_input_fields
    pulumi.export("linearExpectedInputs", linear_fields.apply(lambda fields: [f.name for f in fields]))
    pulumi.export("sharedSlackEnabled", shared_slack.enabled)
    pulumi.export("githubTriggerNames", github_triggers.triggers.apply(lambda triggers: [t.name for t in triggers]))
