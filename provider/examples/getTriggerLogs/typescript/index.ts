import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// The newest trigger log entries
//
// The 20 newest entries of the account's trigger deliveries (give `connectionId` or `integrationId` for those
// of one connected account or connector).
const recent = integrations.getTriggerLogsOutput({
    maxItems: 20,
});
export const logs = recent;
