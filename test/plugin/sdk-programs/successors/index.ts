// A TriggerWebhook and an IntegrationState (onDelete: "restore") of the provider plugin, through its Node.js
// SDK, whose place in the program comes from the `layout` config: `original`, `renamed` (new logical names),
// `component` (the same names under a ComponentResource), each also `-aliased` (the resource option `aliases`
// names where they were). `deleteBeforeReplace: true` sets that resource option on both (the plugin's
// resources do not set it themselves).
import * as pulumi from "@pulumi/pulumi";
import * as integrations from "@pulumi-integrations/sdk";

const config = new pulumi.Config();
const layout = config.get("layout") ?? "original";
const renamed = layout.startsWith("renamed");
const aliased = layout.endsWith("-aliased");
const deleteBeforeReplace = config.getBoolean("deleteBeforeReplace");

class Holder extends pulumi.ComponentResource {
  constructor(name: string) {
    super("e2e:successors:Holder", name);
    this.registerOutputs({});
  }
}
const parent = layout.startsWith("component") ? new Holder("holder") : undefined;

/** Where the resource was in the `original` layout: its old name, or no parent (the stack). */
const aliasesOf = (original: string): pulumi.Input<pulumi.URN | pulumi.Alias>[] | undefined =>
  !aliased ? undefined : renamed ? [{ name: original }] : [{ parent: pulumi.rootStackResource }];

const hook = new integrations.TriggerWebhook(
  renamed ? "hook-renamed" : "hook",
  { url: config.require("url") },
  { parent, aliases: aliasesOf("hook"), deleteBeforeReplace },
);
const state = new integrations.IntegrationState(
  renamed ? "state-renamed" : "state",
  { integrationId: config.require("integrationId"), enabled: false, onDelete: "restore" },
  { parent, aliases: aliasesOf("state"), deleteBeforeReplace },
);

export const url = hook.url;
export const priorUrl = hook.priorUrl;
export const enabled = state.enabled;
export const priorEnabled = state.priorEnabled;
