import pulumi
import pulumi_integrations as integrations

# A connector made elsewhere, by its exact name
#
# Its id and its visible settings: a possibly secret value of its authConfig is never part of the result.
github = integrations.get_connector_output(name="github-shared")
pulumi.export("connectorId", github.id)
pulumi.export("authScheme", github.auth_scheme)
