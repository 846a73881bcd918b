import pulumi
import pulumi_integrations as integrations

config = pulumi.Config()
# The GitHub OAuth app's client secret
github_client_secret = config.require_secret("githubClientSecret")
# The scopes every end user grants the app.
scopes = [
    "repo",
    "read:org",
]
github = integrations.Connector("github",
    name="github-main",
    app_name="github",
    auth_scheme="OAUTH2",
    auth_config={
        "client_id": "Iv1.0123456789abcdef",
        "client_secret": github_client_secret,
        "scopes": scopes,
    })
pulumi.export("connectorId", github.id)
