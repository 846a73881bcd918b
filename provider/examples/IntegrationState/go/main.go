package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The id of the connector the stack disables
		sharedIntegrationId := cfg.Require("sharedIntegrationId")
		shared, err := integrations.NewIntegrationState(ctx, "shared", &integrations.IntegrationStateArgs{
			IntegrationId: pulumi.String(sharedIntegrationId),
			Enabled:       pulumi.Bool(false),
			OnDelete:      integrations.IntegrationStateOnDeleteRestore,
		})
		if err != nil {
			return err
		}
		ctx.Export("enabledBefore", shared.PriorEnabled)
		return nil
	})
}
