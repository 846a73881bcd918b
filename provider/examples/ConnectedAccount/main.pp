// An end user's API key, connected through an API-key connector
//
// An API-key connector takes no authConfig: each end user's key goes in the `data` of an account (a secret),
// here from the stack's secret config.
config aliceLinearKey "string" {
  description = "Alice's Linear API key"
  secret      = true
}

resource linear "integrations:index:Connector" {
  appName    = "linear"
  authScheme = "API_KEY"
}

resource alice "integrations:index:ConnectedAccount" {
  integrationId = linear.id
  entityId      = "alice"
  labels        = ["team-a"]
  data = {
    api_key = aliceLinearKey
  }
}

output accountStatus {
  value = alice.status
}
