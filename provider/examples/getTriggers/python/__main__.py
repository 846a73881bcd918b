import pulumi
import pulumi_integrations as integrations

# The triggers of some apps
#
# Each trigger's name (a TriggerInstance's `triggerName`) and the config schema an instance of it must meet.
available = integrations.get_triggers_output(app_names=[
    "github",
    "slack",
])
pulumi.export("triggers", available)
