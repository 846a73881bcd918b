// Disable a connector another team owns while this stack lives
//
// The IntegrationState manages only the `enabled` flag of a connector made elsewhere, and on delete puts back
// the value it found.
config sharedIntegrationId "string" {
  description = "The id of the connector the stack disables"
}

resource shared "integrations:index:IntegrationState" {
  integrationId = sharedIntegrationId
  enabled       = false
  onDelete      = "restore"
}

output enabledBefore {
  value = shared.priorEnabled
}
