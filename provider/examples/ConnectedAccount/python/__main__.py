import pulumi
import pulumi_integrations as integrations

config = pulumi.Config()
# Alice's Linear API key
alice_linear_key = config.require_secret("aliceLinearKey")
linear = integrations.Connector("linear",
    app_name="linear",
    auth_scheme="API_KEY")
alice = integrations.ConnectedAccount("alice",
    integration_id=linear.id,
    entity_id="alice",
    labels=["team-a"],
    data={
        "api_key": alice_linear_key,
    })
pulumi.export("accountStatus", alice.status)
