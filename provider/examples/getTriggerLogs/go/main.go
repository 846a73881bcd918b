package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The newest trigger log entries
		//
		// The 20 newest entries of the account's trigger deliveries (give `connectionId` or `integrationId` for those
		// of one connected account or connector).
		recent := integrations.GetTriggerLogsOutput(ctx, integrations.GetTriggerLogsOutputArgs{
			MaxItems: pulumi.Int(20),
		}, nil)
		ctx.Export("logs", recent)
		return nil
	})
}
