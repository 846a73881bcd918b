import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

// The triggers of some apps
//
// Each trigger's name (a TriggerInstance's `triggerName`) and the config schema an instance of it must meet.
const available = integrations.getTriggersOutput({
    appNames: [
        "github",
        "slack",
    ],
});
export const triggers = available;
