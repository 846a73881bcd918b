import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// A trigger on an end user's GitHub account
//
// A GitHub connector on the service's own OAuth app, Alice's account connected through it (she signs in at
// its `redirectUrl`), and a trigger that sends an event to the account's callback URL (see TriggerWebhook)
// whenever someone stars the repository. The trigger's config is checked against the trigger's schema.
const github = new integrations.Connector("github", {
    appName: "github",
    authScheme: "OAUTH2",
    useServiceAuth: true,
});
const alice = new integrations.ConnectedAccount("alice", {
    integrationId: github.id,
    entityId: "alice",
    redirectUri: "https://app.example.com/connected",
});
const stars = new integrations.TriggerInstance("stars", {
    connectedAccountId: alice.id,
    triggerName: "GITHUB_STAR_ADDED_EVENT",
    triggerConfig: {
        owner: "octocat",
        repo: "hello-world",
    },
});
export const signInUrl = alice.redirectUrl;
export const triggerInstanceId = stars.id;
