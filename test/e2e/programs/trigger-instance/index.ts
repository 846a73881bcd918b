// One trigger instance whose every input comes from config, so a scenario can change one at a time.
import * as pulumi from "@pulumi/pulumi";
import { TriggerInstance } from "pulumi-integrations";

const config = new pulumi.Config();

const stars = new TriggerInstance("stars", {
  connectedAccountId: config.require("accountId"),
  triggerName: "GITHUB_STAR_ADDED_EVENT",
  triggerConfig: config.requireObject<Record<string, unknown>>("triggerConfig"),
  enabled: config.getBoolean("enabled") ?? true,
  adoptId: config.get("adoptId"),
});

export const instanceId = stars.id;
export const enabled = stars.enabled;
