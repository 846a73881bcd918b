import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
// Alice's Linear API key
const aliceLinearKey = config.requireSecret("aliceLinearKey");
const linear = new integrations.Connector("linear", {
    appName: "linear",
    authScheme: "API_KEY",
});
const alice = new integrations.ConnectedAccount("alice", {
    integrationId: linear.id,
    entityId: "alice",
    labels: ["team-a"],
    data: {
        api_key: aliceLinearKey,
    },
});
export const accountStatus = alice.status;
