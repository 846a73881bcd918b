import pulumi
import pulumi_integrations as integrations

# The active instances of a trigger
#
# Every page, up to 500 instances.
active = integrations.get_active_triggers_output(trigger_names=["GITHUB_STAR_ADDED_EVENT"],
    max_items=500)
pulumi.export("instances", active)
