import pulumi
import pulumi_integrations as integrations

# The account's callback URL
#
# Where the service POSTs every trigger event, and the secret that signs each delivery (for verifyWebhook).
# On delete the URL found before is put back.
events = integrations.TriggerWebhook("events", url="https://hooks.example.com/events")
pulumi.export("webhookSecret", events.webhook_secret)
