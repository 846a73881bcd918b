package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		githubClientId := cfg.Require("githubClientId")
		githubClientSecret := cfg.RequireSecret("githubClientSecret")
		sharedSlackIntegrationId := cfg.Require("sharedSlackIntegrationId")
		githubScopes := []string{
			"repo",
			"read:org",
		}
		github, err := integrations.NewConnector(ctx, "github", &integrations.ConnectorArgs{
			Name:       pulumi.Sprintf("github-%v", ctx.Stack()),
			AppName:    pulumi.String("github"),
			AuthScheme: pulumi.String("OAUTH2"),
			AuthConfig: pulumi.Map{
				"client_id":     pulumi.String(githubClientId),
				"client_secret": githubClientSecret,
				"scopes":        toPulumiStringArray(githubScopes),
			},
		})
		if err != nil {
			return err
		}
		githubTriggersVar := integrations.GetTriggersOutput(ctx, integrations.GetTriggersOutputArgs{
			IntegrationIds: pulumi.StringArray{
				github.ID(),
			},
		}, nil)
		linear, err := integrations.NewConnector(ctx, "linear", &integrations.ConnectorArgs{
			Name:       pulumi.Sprintf("linear-%v", ctx.Stack()),
			AppName:    pulumi.String("linear"),
			AuthScheme: pulumi.String("API_KEY"),
		})
		if err != nil {
			return err
		}
		linearExpectedInputFieldsVar := integrations.LookupConnectorOutput(ctx, integrations.LookupConnectorOutputArgs{
			Id: linear.ID(),
		}, nil).ExpectedInputFields()

		sharedSlack, err := integrations.NewIntegrationState(ctx, "shared-slack", &integrations.IntegrationStateArgs{
			IntegrationId: pulumi.String(sharedSlackIntegrationId),
			Enabled:       pulumi.Bool(true),
			OnDelete:      integrations.IntegrationStateOnDeleteRestore,
		})
		if err != nil {
			return err
		}
		ctx.Export("githubConnectorId", github.ID())
		ctx.Export("githubEnabled", github.Enabled)
		ctx.Export("linearExpectedInputFields", linearExpectedInputFieldsVar)
		ctx.Export("sharedSlackEnabled", sharedSlack.Enabled)
		ctx.Export("githubTriggers", githubTriggersVar)
		return nil
	})
}
func toPulumiStringArray(arr []string) pulumi.StringArray {
	var pulumiArr pulumi.StringArray
	for _, v := range arr {
		pulumiArr = append(pulumiArr, pulumi.String(v))
	}
	return pulumiArr
}
