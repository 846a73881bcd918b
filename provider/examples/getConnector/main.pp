// A connector made elsewhere, by its exact name
//
// Its id and its visible settings: a possibly secret value of its authConfig is never part of the result.
github = invoke("integrations:index:getConnector", {
  name = "github-shared"
})

output connectorId {
  value = github.id
}

output authScheme {
  value = github.authScheme
}
