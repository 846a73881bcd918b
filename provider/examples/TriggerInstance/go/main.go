package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// A trigger on an end user's GitHub account
		//
		// A GitHub connector on the service's own OAuth app, Alice's account connected through it (she signs in at
		// its `redirectUrl`), and a trigger that sends an event to the account's callback URL (see TriggerWebhook)
		// whenever someone stars the repository. The trigger's config is checked against the trigger's schema.
		github, err := integrations.NewConnector(ctx, "github", &integrations.ConnectorArgs{
			AppName:        pulumi.String("github"),
			AuthScheme:     pulumi.String("OAUTH2"),
			UseServiceAuth: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		alice, err := integrations.NewConnectedAccount(ctx, "alice", &integrations.ConnectedAccountArgs{
			IntegrationId: github.ID(),
			EntityId:      pulumi.String("alice"),
			RedirectUri:   pulumi.String("https://app.example.com/connected"),
		})
		if err != nil {
			return err
		}
		stars, err := integrations.NewTriggerInstance(ctx, "stars", &integrations.TriggerInstanceArgs{
			ConnectedAccountId: alice.ID(),
			TriggerName:        pulumi.String("GITHUB_STAR_ADDED_EVENT"),
			TriggerConfig: pulumi.Map{
				"owner": pulumi.Any("octocat"),
				"repo":  pulumi.Any("hello-world"),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("signInUrl", alice.RedirectUrl)
		ctx.Export("triggerInstanceId", stars.ID())
		return nil
	})
}
