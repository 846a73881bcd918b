package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// The account's callback URL
		//
		// Where the service POSTs every trigger event, and the secret that signs each delivery (for verifyWebhook).
		// On delete the URL found before is put back.
		events, err := integrations.NewTriggerWebhook(ctx, "events", &integrations.TriggerWebhookArgs{
			Url: pulumi.String("https://hooks.example.com/events"),
		})
		if err != nil {
			return err
		}
		ctx.Export("webhookSecret", events.WebhookSecret)
		return nil
	})
}
