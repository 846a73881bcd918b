// A trigger on an end user's GitHub account
//
// A GitHub connector on the service's own OAuth app, Alice's account connected through it (she signs in at
// its `redirectUrl`), and a trigger that sends an event to the account's callback URL (see TriggerWebhook)
// whenever someone stars the repository. The trigger's config is checked against the trigger's schema.
resource github "integrations:index:Connector" {
  appName        = "github"
  authScheme     = "OAUTH2"
  useServiceAuth = true
}

resource alice "integrations:index:ConnectedAccount" {
  integrationId = github.id
  entityId      = "alice"
  redirectUri   = "https://app.example.com/connected"
}

resource stars "integrations:index:TriggerInstance" {
  connectedAccountId = alice.id
  triggerName        = "GITHUB_STAR_ADDED_EVENT"
  triggerConfig = {
    owner = "octocat"
    repo  = "hello-world"
  }
}

output signInUrl {
  value = alice.redirectUrl
}

output triggerInstanceId {
  value = stars.id
}
