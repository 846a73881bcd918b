package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The connected accounts of the account
		//
		// The first 50 accounts end users connected, without their credentials (give `integrationId` for those of one
		// connector).
		connected := integrations.GetConnectedAccountsOutput(ctx, integrations.GetConnectedAccountsOutputArgs{
			MaxItems: pulumi.Int(50),
		}, nil)
		ctx.Export("accounts", connected)
		return nil
	})
}
