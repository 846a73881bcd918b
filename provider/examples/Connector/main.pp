// An OAuth connector on your own OAuth app
//
// The connector holds the developer's fields of the app's scheme: its client id, its client secret (from the
// stack's secret config) and the scopes it asks for. Each end user then connects through a ConnectedAccount.
config githubClientSecret "string" {
  description = "The GitHub OAuth app's client secret"
  secret      = true
}

// The scopes every end user grants the app.
scopes = ["repo", "read:org"]

resource github "integrations:index:Connector" {
  name       = "github-main"
  appName    = "github"
  authScheme = "OAUTH2"
  authConfig = {
    client_id     = "Iv1.0123456789abcdef"
    client_secret = githubClientSecret
    scopes        = scopes
  }
}

output connectorId {
  value = github.id
}
