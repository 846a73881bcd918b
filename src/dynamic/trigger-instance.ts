import * as pulumi from "@pulumi/pulumi";
import {
  triggerInstanceDefinition,
  type TriggerInstanceInputs,
  type TriggerInstanceOutputs,
} from "../resources/trigger-instance/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import { secretOutputs, unsetOutputs, type OutputFields } from "./definition-fields";
import type { InputsOf } from "./inputs-of";
import { triggerInstanceProvider } from "./shims";

export type TriggerInstanceArgs = InputsOf<TriggerInstanceInputs> & WithConnectionArg;

// The outputs are declared by the definition (declaration merging adds them as types, without class fields:
// compiled with useDefineForClassFields, a class field overwrites the value the SDK sets with undefined).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface TriggerInstance extends OutputFields<TriggerInstanceOutputs> {}

/**
 * An active trigger: the service watches a connected account for one trigger, with a config, and delivers
 * its events to the tenant's callback URL (see TriggerWebhook). `enabled` is updated in place; another
 * account, trigger or config replaces the instance (the new one is made first). `triggerConfig` is
 * checked against the trigger's schema at preview. An instance that already exists with the same account,
 * trigger and config is never taken over silently: create fails and names it (take it with `adoptId`).
 * `id` is the instance's id.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class TriggerInstance extends pulumi.dynamic.Resource {
  constructor(name: string, args: TriggerInstanceArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      triggerInstanceProvider,
      name,
      {
        ...unsetOutputs(triggerInstanceDefinition.outputs),
        ...args,
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: [...secretOutputs(triggerInstanceDefinition.outputs), "connection"],
      }),
      "integrations",
      triggerInstanceDefinition.name,
    );
  }
}
