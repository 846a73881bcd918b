package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The active instances of a trigger
		//
		// Every page, up to 500 instances.
		active := integrations.GetActiveTriggersOutput(ctx, integrations.GetActiveTriggersOutputArgs{
			TriggerNames: pulumi.StringArray{
				pulumi.String("GITHUB_STAR_ADDED_EVENT"),
			},
			MaxItems: pulumi.Int(500),
		}, nil)
		ctx.Export("instances", active)
		return nil
	})
}
