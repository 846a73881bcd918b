import pulumi
import pulumi_integrations as integrations

# The connected accounts of the account
#
# The first 50 accounts end users connected, without their credentials (give `integrationId` for those of one
# connector).
connected = integrations.get_connected_accounts_output(max_items=50)
pulumi.export("accounts", connected)
