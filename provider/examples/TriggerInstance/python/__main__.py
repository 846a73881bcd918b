import pulumi
import pulumi_integrations as integrations

# A trigger on an end user's GitHub account
#
# A GitHub connector on the service's own OAuth app, Alice's account connected through it (she signs in at
# its `redirectUrl`), and a trigger that sends an event to the account's callback URL (see TriggerWebhook)
# whenever someone stars the repository. The trigger's config is checked against the trigger's schema.
github = integrations.Connector("github",
    app_name="github",
    auth_scheme="OAUTH2",
    use_service_auth=True)
alice = integrations.ConnectedAccount("alice",
    integration_id=github.id,
    entity_id="alice",
    redirect_uri="https://app.example.com/connected")
stars = integrations.TriggerInstance("stars",
    connected_account_id=alice.id,
    trigger_name="GITHUB_STAR_ADDED_EVENT",
    trigger_config={
        "owner": "octocat",
        "repo": "hello-world",
    })
pulumi.export("signInUrl", alice.redirect_url)
pulumi.export("triggerInstanceId", stars.id)
