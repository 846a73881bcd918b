import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// The active instances of a trigger
//
// Every page, up to 500 instances.
const active = integrations.getActiveTriggersOutput({
    triggerNames: ["GITHUB_STAR_ADDED_EVENT"],
    maxItems: 500,
});
export const instances = active;
