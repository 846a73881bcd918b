// The account's callback URL
//
// Where the service POSTs every trigger event, and the secret that signs each delivery (for verifyWebhook).
// On delete the URL found before is put back.
resource events "integrations:index:TriggerWebhook" {
  url = "https://hooks.example.com/events"
}

output webhookSecret {
  value = events.webhookSecret
}
