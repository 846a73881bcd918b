import * as pulumi from "@pulumi/pulumi";
import {
  integrationStateDefinition,
  type IntegrationStateInputs,
  type IntegrationStateOutputs,
} from "../resources/integration-state/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import { secretOutputs, unsetOutputs, type OutputFields } from "./definition-fields";
import type { InputsOf } from "./inputs-of";
import { secretsGivenPlain } from "./secrets-given-plain";
import { integrationStateProvider } from "./shims";

/** At least one of `enabled` and `authConfig`; every field may be an Input. */
export type IntegrationStateArgs = InputsOf<IntegrationStateInputs> & WithConnectionArg;

// The outputs are declared by the definition (declaration merging adds them as types, without class fields:
// compiled with useDefineForClassFields, a class field overwrites the value the SDK sets with undefined).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface IntegrationState extends OutputFields<Omit<IntegrationStateOutputs, "resourceName">> {}

/**
 * The mutable state (`enabled`, `authConfig`) of an integration this program does not own: created
 * elsewhere, or by the service. A managed `authConfig` is sent with the integration's visible keys it does not
 * set (a PATCH replaces authConfig whole). Deleting the resource leaves the integration as it is, or with
 * `onDelete: "restore"` sets `enabled` and the visible authConfig keys back to their values before this
 * resource changed them (secret keys, never shown, stay as this resource set them: `unrestorableKeys`).
 * `id` is the integration's id.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class IntegrationState extends pulumi.dynamic.Resource {
  constructor(name: string, args: IntegrationStateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      integrationStateProvider,
      name,
      {
        ...unsetOutputs(integrationStateDefinition.outputs),
        ...args,
        resourceName: name,
        // Secret in the stored inputs too, even when given as a plain object.
        authConfig: args.authConfig === undefined ? undefined : pulumi.secret(args.authConfig),
        // Which of them the program gave plain (the policy pack reads it): names only, never a value.
        secretsGivenPlain: secretsGivenPlain({ authConfig: args.authConfig }),
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: [...secretOutputs(integrationStateDefinition.outputs), "connection"],
        // A replacement on the same integration (`up --replace`: the engine asks no diff then, and creates
        // first unless told otherwise) must let go before it takes over, so that the new resource inherits
        // the value the old one found (see resources/integration-state/handlers.ts). The program's own option wins.
        deleteBeforeReplace: opts?.deleteBeforeReplace ?? true,
      }),
      "integrations",
      integrationStateDefinition.name,
    );
  }
}
