package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// quickstart is the program: the same stack as examples/quickstart (TypeScript, dynamic resources) and
// examples/python-quickstart, on the provider plugin `integrations` through the generated Go SDK (sdk/go).
// The account is the stack config's (`integrations:apiKey`, a secret, and `integrations:baseUrl`), which
// main.go sets; main.go runs this function inline with the Automation API.
func quickstart(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	stack := ctx.Stack()

	// A connector this stack owns: created, updated in place (AuthConfig, Enabled) and deleted with the
	// stack. Its AuthConfig holds the developer's own OAuth app; each end user signs in through a
	// ConnectedAccount.
	github, err := integrations.NewConnector(ctx, "github", &integrations.ConnectorArgs{
		Name:       pulumi.String("github-" + stack),
		AppName:    pulumi.String("github"),
		AuthScheme: pulumi.String("OAUTH2"),
		AuthConfig: pulumi.Map{
			"client_id":     pulumi.String(cfg.Require("githubClientId")),
			"client_secret": cfg.RequireSecret("githubClientSecret"),
			"scopes":        pulumi.ToStringArray([]string{"repo", "read:org"}),
		},
	})
	if err != nil {
		return err
	}

	// An API-key app: the connector takes no AuthConfig. Each end user's key goes in the `data` of a
	// ConnectedAccount of it (LookupConnector's ExpectedInputFields name the fields: here api_key).
	linear, err := integrations.NewConnector(ctx, "linear", &integrations.ConnectorArgs{
		Name:       pulumi.String("linear-" + stack),
		AppName:    pulumi.String("linear"),
		AuthScheme: pulumi.String("API_KEY"),
	})
	if err != nil {
		return err
	}

	// An integration created outside this stack: the stack manages only its enabled flag, and hands it back
	// as it found it when the stack is destroyed.
	sharedSlack, err := integrations.NewIntegrationState(ctx, "shared-slack", &integrations.IntegrationStateArgs{
		IntegrationId: pulumi.String(cfg.Require("sharedSlackIntegrationId")),
		Enabled:       pulumi.Bool(true),
		OnDelete:      integrations.IntegrationStateOnDeleteRestore,
	})
	if err != nil {
		return err
	}

	// The triggers the new connector can offer, read through the API once per run.
	githubTriggers := integrations.GetTriggersOutput(ctx, integrations.GetTriggersOutputArgs{
		IntegrationIds: pulumi.StringArray{github.ID().ToStringOutput()},
	})

	// A connector made outside the stack and brought in with
	// `go run . import integrations:index:Connector existing <id>`: declared with the inputs it was made with,
	// it is then this stack's like the others (an API-key connector: the import reads all of them).
	if existingName := cfg.Get("existingConnectorName"); existingName != "" {
		existing, err := integrations.NewConnector(ctx, "existing", &integrations.ConnectorArgs{
			Name:       pulumi.String(existingName),
			AppName:    pulumi.String("linear"),
			AuthScheme: pulumi.String("API_KEY"),
		})
		if err != nil {
			return err
		}
		ctx.Export("existingConnectorId", existing.ID())
	}

	ctx.Export("githubConnectorId", github.ID())
	ctx.Export("githubEnabled", github.Enabled)
	// Catalog data, read with LookupConnector (not stored with the connector).
	linearRecord := integrations.LookupConnectorOutput(ctx, integrations.LookupConnectorOutputArgs{
		Id: linear.ID().ToStringOutput(),
	})
	ctx.Export("linearExpectedInputs", linearRecord.ExpectedInputFields().ApplyT(
		func(fields []integrations.ExpectedInputField) []string {
			names := make([]string, len(fields))
			for i, field := range fields {
				names[i] = field.Name
			}
			return names
		}))
	ctx.Export("sharedSlackEnabled", sharedSlack.Enabled)
	ctx.Export("githubTriggerNames", githubTriggers.Triggers().ApplyT(
		func(triggers []integrations.Trigger) []string {
			names := make([]string, len(triggers))
			for i, trigger := range triggers {
				names[i] = trigger.Name
			}
			return names
		}))
	return nil
}
