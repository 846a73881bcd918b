import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
// The GitHub OAuth app's client secret
const githubClientSecret = config.requireSecret("githubClientSecret");
// The scopes every end user grants the app.
const scopes = [
    "repo",
    "read:org",
];
const github = new integrations.Connector("github", {
    name: "github-main",
    appName: "github",
    authScheme: "OAUTH2",
    authConfig: {
        client_id: "Iv1.0123456789abcdef",
        client_secret: githubClientSecret,
        scopes: scopes,
    },
});
export const connectorId = github.id;
