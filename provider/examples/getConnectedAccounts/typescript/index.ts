import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// The connected accounts of the account
//
// The first 50 accounts end users connected, without their credentials (give `integrationId` for those of one
// connector).
const connected = integrations.getConnectedAccountsOutput({
    maxItems: 50,
});
export const accounts = connected;
