import pulumi
import pulumi_integrations as integrations

# The catalog
#
# Every app, with the auth schemes a connector of it can use.
catalog = integrations.get_apps_output()
pulumi.export("apps", catalog)
