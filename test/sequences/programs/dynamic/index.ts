// The sequence fuzzer's program on the dynamic provider: spec.<stack>.json (written by the fuzzer before each step,
// test/sequences/support/program.ts) says which resources it declares, under which names and parents, with
// which connection and aliases. Explicit "providers" are `connection` values of the same account.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import {
  ConnectedAccount,
  Connector,
  IntegrationState,
  TriggerInstance,
  TriggerWebhook,
} from "pulumi-integrations";

type Group = "chain" | "webhook" | "state";
interface Placement {
  generation: number;
  inComponent: boolean;
  provider: "default" | "p1" | "p2";
  aliases: { generation: number; inComponent: boolean }[];
}
interface Spec {
  present: Record<Group, boolean>;
  placement: Record<Group, Placement>;
  webhookUrl: string;
  stateEnabled: boolean;
  tokenGivenPlain: boolean;
  names: Record<Group, Record<number, Record<string, string>>>;
  trigger: { name: string; config: Record<string, string> };
}

const spec = JSON.parse(readFileSync(join(__dirname, `spec.${pulumi.getStack()}.json`), "utf8")) as Spec;
const config = new pulumi.Config();
const connections = {
  default: undefined,
  p1: { baseUrl: config.require("serviceUrl"), apiKey: config.requireSecret("p1Key") },
  p2: { baseUrl: config.require("serviceUrl"), apiKey: config.requireSecret("p2Key") },
};

class Component extends pulumi.ComponentResource {
  constructor(name: string) {
    super("seq:index:Component", name, {});
  }
}
const component = new Component("seq-component");

function options(group: Group, kind: string): pulumi.CustomResourceOptions {
  const placement = spec.placement[group];
  return {
    parent: placement.inComponent ? component : undefined,
    aliases: placement.aliases.map((alias) => ({
      name: spec.names[group][alias.generation]![kind]!,
      parent: alias.inComponent ? component : pulumi.rootStackResource,
    })),
  };
}
const connection = (group: Group) => connections[spec.placement[group].provider];
const name = (group: Group, kind: string) => spec.names[group][spec.placement[group].generation]![kind]!;

if (spec.present.chain) {
  const github = new Connector(
    name("chain", "Connector"),
    { appName: "github", authScheme: "BEARER_TOKEN", connection: connection("chain") },
    options("chain", "Connector"),
  );
  const user = new ConnectedAccount(
    name("chain", "ConnectedAccount"),
    {
      integrationId: github.id,
      // Given plain (from the environment: plain config would be kept in the clear in the pulumi-nodejs
      // provider's state) or as a secret: the resource stores it secret either way, and records which.
      data: {
        token: spec.tokenGivenPlain
          ? (process.env.SEQ_ACCOUNT_TOKEN_PLAIN ?? "")
          : config.requireSecret("accountToken"),
      },
      connection: connection("chain"),
    },
    options("chain", "ConnectedAccount"),
  );
  new TriggerInstance(
    name("chain", "TriggerInstance"),
    {
      connectedAccountId: user.id,
      triggerName: spec.trigger.name,
      triggerConfig: spec.trigger.config,
      connection: connection("chain"),
    },
    options("chain", "TriggerInstance"),
  );
}
if (spec.present.webhook) {
  new TriggerWebhook(
    name("webhook", "TriggerWebhook"),
    { url: spec.webhookUrl, connection: connection("webhook") },
    options("webhook", "TriggerWebhook"),
  );
}
if (spec.present.state) {
  new IntegrationState(
    name("state", "IntegrationState"),
    {
      integrationId: config.require("elsewhereId"),
      enabled: spec.stateEnabled,
      onDelete: "restore",
      connection: connection("state"),
    },
    options("state", "IntegrationState"),
  );
}
