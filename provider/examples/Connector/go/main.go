package main

import (
	"github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// The GitHub OAuth app's client secret
		githubClientSecret := cfg.RequireSecret("githubClientSecret")
		// The scopes every end user grants the app.
		scopes := []string{
			"repo",
			"read:org",
		}
		github, err := integrations.NewConnector(ctx, "github", &integrations.ConnectorArgs{
			Name:       pulumi.String("github-main"),
			AppName:    pulumi.String("github"),
			AuthScheme: pulumi.String("OAUTH2"),
			AuthConfig: pulumi.Map{
				"client_id":     pulumi.Any("Iv1.0123456789abcdef"),
				"client_secret": githubClientSecret,
				"scopes":        toPulumiStringArray(scopes),
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("connectorId", github.ID())
		return nil
	})
}
func toPulumiStringArray(arr []string) pulumi.StringArray {
	var pulumiArr pulumi.StringArray
	for _, v := range arr {
		pulumiArr = append(pulumiArr, pulumi.String(v))
	}
	return pulumiArr
}
