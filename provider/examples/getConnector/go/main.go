package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A connector made elsewhere, by its exact name
		//
		// Its id and its visible settings: a possibly secret value of its authConfig is never part of the result.
		github := integrations.LookupConnectorOutput(ctx, integrations.LookupConnectorOutputArgs{
			Name: pulumi.String("github-shared"),
		}, nil)
		ctx.Export("connectorId", github.Id())
		ctx.Export("authScheme", github.AuthScheme())
		return nil
	})
}
