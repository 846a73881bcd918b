import * as pulumi from "@pulumi/pulumi";
import type { ConnectedAccountOutputs } from "../resources/connected-account/handlers";
import type { ConnectedAccountInputs } from "../resources/connected-account/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import type { InputsOf } from "./inputs-of";
import { connectedAccountProvider } from "./shims";

export type ConnectedAccountArgs = InputsOf<ConnectedAccountInputs> & WithConnectionArg;

/**
 * A connected account: credentials of one end user (entity) for a connector. `data` holds the connector's
 * `expectedInputFields` (e.g. an API_KEY connector's `api_key`); a missing required one fails check,
 * named, before anything is created. For API_KEY, BEARER_TOKEN, BASIC and NO_AUTH connectors it is
 * `ACTIVE` at once.
 * For OAuth connectors it is `INITIATED`: a person must open `redirectUrl` and grant access (see the
 * README). `data` is secret in state and never shown by the service. The service cannot change an
 * account, so any change replaces it (the new one first). `id` is the account's id.
 */
export class ConnectedAccount extends pulumi.dynamic.Resource {
  declare readonly integrationId: pulumi.Output<ConnectedAccountOutputs["integrationId"]>;
  /** Secret. */
  declare readonly data: pulumi.Output<ConnectedAccountOutputs["data"]>;
  declare readonly labels: pulumi.Output<ConnectedAccountOutputs["labels"]>;
  declare readonly entityId: pulumi.Output<ConnectedAccountOutputs["entityId"]>;
  declare readonly redirectUri: pulumi.Output<ConnectedAccountOutputs["redirectUri"]>;
  declare readonly status: pulumi.Output<ConnectedAccountOutputs["status"]>;
  declare readonly redirectUrl: pulumi.Output<ConnectedAccountOutputs["redirectUrl"]>;
  declare readonly appName: pulumi.Output<ConnectedAccountOutputs["appName"]>;

  constructor(name: string, args: ConnectedAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      connectedAccountProvider,
      name,
      {
        // Outputs that are not inputs are listed (undefined) so that the SDK registers and resolves them.
        labels: undefined,
        entityId: undefined,
        redirectUri: undefined,
        status: undefined,
        redirectUrl: undefined,
        appName: undefined,
        ...args,
        // Secret in the stored inputs too, even when given as a plain object.
        data: pulumi.secret(args.data ?? {}),
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["data", "connection"] }),
      "integrations",
      "ConnectedAccount",
    );
  }
}
