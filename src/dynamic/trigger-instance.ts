import * as pulumi from "@pulumi/pulumi";
import type { TriggerInstanceOutputs } from "../resources/trigger-instance/handlers";
import type { TriggerInstanceInputs } from "../resources/trigger-instance/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import type { InputsOf } from "./inputs-of";
import { triggerInstanceProvider } from "./shims";

export type TriggerInstanceArgs = InputsOf<TriggerInstanceInputs> & WithConnectionArg;

/**
 * An active trigger: the service watches a connected account for one trigger, with a config, and delivers
 * its events to the tenant's callback URL (see TriggerWebhook). `enabled` is updated in place; another
 * account, trigger or config replaces the instance (the new one is made first). `triggerConfig` is
 * checked against the trigger's schema at preview. An instance that already exists with the same account,
 * trigger and config is never taken over silently: create fails and names it (take it with `adoptId`).
 * `id` is the instance's id.
 */
export class TriggerInstance extends pulumi.dynamic.Resource {
  declare readonly connectedAccountId: pulumi.Output<TriggerInstanceOutputs["connectedAccountId"]>;
  declare readonly triggerName: pulumi.Output<TriggerInstanceOutputs["triggerName"]>;
  declare readonly triggerConfig: pulumi.Output<TriggerInstanceOutputs["triggerConfig"]>;
  declare readonly enabled: pulumi.Output<TriggerInstanceOutputs["enabled"]>;
  declare readonly adoptId: pulumi.Output<TriggerInstanceOutputs["adoptId"]>;

  constructor(name: string, args: TriggerInstanceArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      triggerInstanceProvider,
      name,
      {
        // Outputs that are not inputs are listed (undefined) so that the SDK registers and resolves them.
        triggerConfig: undefined,
        enabled: undefined,
        adoptId: undefined,
        ...args,
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["connection"] }),
      "integrations",
      "TriggerInstance",
    );
  }
}
