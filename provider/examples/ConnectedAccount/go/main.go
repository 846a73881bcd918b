package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// Alice's Linear API key
		aliceLinearKey := cfg.RequireSecret("aliceLinearKey")
		linear, err := integrations.NewConnector(ctx, "linear", &integrations.ConnectorArgs{
			AppName:    pulumi.String("linear"),
			AuthScheme: pulumi.String("API_KEY"),
		})
		if err != nil {
			return err
		}
		alice, err := integrations.NewConnectedAccount(ctx, "alice", &integrations.ConnectedAccountArgs{
			IntegrationId: linear.ID(),
			EntityId:      pulumi.String("alice"),
			Labels: pulumi.StringArray{
				pulumi.String("team-a"),
			},
			Data: pulumi.Map{
				"api_key": aliceLinearKey,
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("accountStatus", alice.Status)
		return nil
	})
}
