package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The catalog
		//
		// Every app, with the auth schemes a connector of it can use.
		catalog := integrations.GetAppsOutput(ctx, nil)

		ctx.Export("apps", catalog)
		return nil
	})
}
