import * as pulumi from "@pulumi/pulumi";
import type { TriggerWebhookInputs, TriggerWebhookOutputs } from "../resources/trigger-webhook/handlers";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import type { InputsOf } from "./inputs-of";
import { triggerWebhookProvider } from "./shims";

export type TriggerWebhookArgs = InputsOf<TriggerWebhookInputs> & WithConnectionArg;

/**
 * The account's one callback URL, where the service delivers trigger events, signed with `webhookSecret`
 * (check them with `verifyWebhook`). `url` is updated in place. Deleting the resource puts back the URL
 * found before (`onDelete: "restore"`, the default) unless someone changed it since; the API cannot unset
 * a URL, so with none before it stays. One TriggerWebhook per account in a stack (a second fails at
 * preview).
 */
export class TriggerWebhook extends pulumi.dynamic.Resource {
  declare readonly url: pulumi.Output<TriggerWebhookOutputs["url"]>;
  declare readonly onDelete: pulumi.Output<TriggerWebhookOutputs["onDelete"]>;
  /** Secret. The key that signs every delivery. */
  declare readonly webhookSecret: pulumi.Output<TriggerWebhookOutputs["webhookSecret"]>;
  /** The callback URL before this resource set it. */
  declare readonly priorUrl: pulumi.Output<TriggerWebhookOutputs["priorUrl"]>;

  constructor(name: string, args: TriggerWebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      triggerWebhookProvider,
      name,
      {
        // Outputs that are not inputs are listed (undefined) so that the SDK registers and resolves them.
        onDelete: undefined,
        webhookSecret: undefined,
        priorUrl: undefined,
        ...args,
        resourceName: name,
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: ["webhookSecret", "connection"],
        // `up --replace` (no diff is asked then) must let go first: the new half takes over the URL the
        // old half found, instead of two halves fighting over the account's one URL. The program's own
        // option wins.
        deleteBeforeReplace: opts?.deleteBeforeReplace ?? true,
      }),
      "integrations",
      "TriggerWebhook",
    );
  }
}
