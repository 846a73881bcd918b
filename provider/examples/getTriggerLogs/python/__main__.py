import pulumi
import pulumi_integrations as integrations

# The newest trigger log entries
#
# The 20 newest entries of the account's trigger deliveries (give `connectionId` or `integrationId` for those
# of one connected account or connector).
recent = integrations.get_trigger_logs_output(max_items=20)
pulumi.export("logs", recent)
