import * as pulumi from "@pulumi/pulumi";
import {
  triggerWebhookDefinition,
  type TriggerWebhookInputs,
  type TriggerWebhookOutputs,
} from "../resources/trigger-webhook/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import { secretOutputs, unsetOutputs, type OutputFields } from "./definition-fields";
import type { InputsOf } from "./inputs-of";
import { triggerWebhookProvider } from "./shims";

export type TriggerWebhookArgs = InputsOf<TriggerWebhookInputs> & WithConnectionArg;

// The outputs are declared by the definition (declaration merging adds them as types, without class fields:
// compiled with useDefineForClassFields, a class field overwrites the value the SDK sets with undefined).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface TriggerWebhook extends OutputFields<Omit<TriggerWebhookOutputs, "resourceName">> {}

/**
 * The account's one callback URL, where the service delivers trigger events, signed with `webhookSecret`
 * (check them with `verifyWebhook`). `url` is updated in place. Deleting the resource puts back the URL
 * found before (`onDelete: "restore"`, the default) unless someone changed it since; the API cannot unset
 * a URL, so with none before it stays. One TriggerWebhook per account in a stack (a second fails at
 * preview).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class TriggerWebhook extends pulumi.dynamic.Resource {
  constructor(name: string, args: TriggerWebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      triggerWebhookProvider,
      name,
      {
        ...unsetOutputs(triggerWebhookDefinition.outputs),
        ...args,
        resourceName: name,
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: [...secretOutputs(triggerWebhookDefinition.outputs), "connection"],
        // `up --replace` (no diff is asked then) must let go first: the new half takes over the URL the
        // old half found, instead of two halves fighting over the account's one URL. The program's own
        // option wins.
        deleteBeforeReplace: opts?.deleteBeforeReplace ?? true,
      }),
      "integrations",
      triggerWebhookDefinition.name,
    );
  }
}
