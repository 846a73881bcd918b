import * as pulumi from "@pulumi/pulumi";
import {
  connectedAccountDefinition,
  type ConnectedAccountInputs,
  type ConnectedAccountOutputs,
} from "../resources/connected-account/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import { secretOutputs, unsetOutputs, type OutputFields } from "./definition-fields";
import type { InputsOf } from "./inputs-of";
import { secretsGivenPlain } from "./secrets-given-plain";
import { connectedAccountProvider } from "./shims";

export type ConnectedAccountArgs = InputsOf<ConnectedAccountInputs> & WithConnectionArg;

// The outputs are declared by the definition (declaration merging adds them as types, without class fields:
// compiled with useDefineForClassFields, a class field overwrites the value the SDK sets with undefined).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface ConnectedAccount extends OutputFields<ConnectedAccountOutputs> {}

/**
 * A connected account: credentials of one end user (entity) for a connector. `data` holds the connector's
 * `expectedInputFields` (e.g. an API_KEY connector's `api_key`); a missing required one fails check,
 * named, before anything is created. For API_KEY, BEARER_TOKEN, BASIC and NO_AUTH connectors it is
 * `ACTIVE` at once.
 * For OAuth connectors it is `INITIATED`: a person must open `redirectUrl` and grant access (see
 * docs/guides/resources.md). `data` is secret in state and never shown by the service. The service cannot change an
 * account, so any change replaces it (the new one first). `id` is the account's id.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ConnectedAccount extends pulumi.dynamic.Resource {
  constructor(name: string, args: ConnectedAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      connectedAccountProvider,
      name,
      {
        ...unsetOutputs(connectedAccountDefinition.outputs),
        ...args,
        // Secret in the stored inputs too, even when given as a plain object.
        data: pulumi.secret(args.data ?? {}),
        // Which of them the program gave plain (the policy pack reads it): names only, never a value.
        secretsGivenPlain: secretsGivenPlain({ data: args.data }),
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: [...secretOutputs(connectedAccountDefinition.outputs), "connection"],
      }),
      "integrations",
      connectedAccountDefinition.name,
    );
  }
}
