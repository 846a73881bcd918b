package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The triggers of some apps
		//
		// Each trigger's name (a TriggerInstance's `triggerName`) and the config schema an instance of it must meet.
		available := integrations.GetTriggersOutput(ctx, integrations.GetTriggersOutputArgs{
			AppNames: pulumi.StringArray{
				pulumi.String("github"),
				pulumi.String("slack"),
			},
		}, nil)
		ctx.Export("triggers", available)
		return nil
	})
}
