config githubClientId string {
	__logicalName = "githubClientId"
}

config githubClientSecret string {
	__logicalName = "githubClientSecret"
	secret = true
}

config sharedSlackIntegrationId string {
	__logicalName = "sharedSlackIntegrationId"
}

githubScopes = [
	"repo",
	"read:org"
]
githubTriggersVar = invoke("integrations:index:getTriggers", {
	integrationIds = [github.id]
})
linearExpectedInputFieldsVar = invoke("integrations:index:getConnector", {
	id = linear.id
}).expectedInputFields

resource github "integrations:index:Connector" {
	__logicalName = "github"
	name = "github-${stack()}"
	appName = "github"
	authScheme = "OAUTH2"
	authConfig = {
		"client_id" = githubClientId,
		"client_secret" = githubClientSecret,
		"scopes" = githubScopes
	}
}

resource linear "integrations:index:Connector" {
	__logicalName = "linear"
	name = "linear-${stack()}"
	appName = "linear"
	authScheme = "API_KEY"
}

resource sharedSlack "integrations:index:IntegrationState" {
	__logicalName = "shared-slack"
	integrationId = sharedSlackIntegrationId
	enabled = true
	onDelete = "restore"
}

output githubConnectorId {
	__logicalName = "githubConnectorId"
	value = github.id
}

output githubEnabled {
	__logicalName = "githubEnabled"
	value = github.enabled
}

output linearExpectedInputFields {
	__logicalName = "linearExpectedInputFields"
	value = linearExpectedInputFieldsVar
}

output sharedSlackEnabled {
	__logicalName = "sharedSlackEnabled"
	value = sharedSlack.enabled
}

output githubTriggers {
	__logicalName = "githubTriggers"
	value = githubTriggersVar
}
