// A TriggerWebhook and an IntegrationState (onDelete: "restore") whose place in the program comes from the
// `layout` config: `original`, `renamed` (new logical names), `component` (the same names under a
// ComponentResource), each also `-aliased` (the resource option `aliases` names where they were).
import * as pulumi from "@pulumi/pulumi";
import { IntegrationState, TriggerWebhook } from "pulumi-integrations";

const config = new pulumi.Config();
const layout = config.get("layout") ?? "original";
const renamed = layout.startsWith("renamed");
const aliased = layout.endsWith("-aliased");

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

const hook = new TriggerWebhook(
  renamed ? "hook-renamed" : "hook",
  { url: config.require("url") },
  { parent, aliases: aliasesOf("hook") },
);
const state = new IntegrationState(
  renamed ? "state-renamed" : "state",
  { integrationId: config.require("integrationId"), enabled: false, onDelete: "restore" },
  { parent, aliases: aliasesOf("state") },
);

export const url = hook.url;
export const priorUrl = hook.priorUrl;
export const enabled = state.enabled;
export const priorEnabled = state.priorEnabled;
