import * as pulumi from "@pulumi/pulumi";
import type { IntegrationStateInputs } from "../resources/integration-state/definition";
import type { IntegrationStateOutputs } from "../resources/integration-state/outputs";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import type { InputsOf } from "./inputs-of";
import { integrationStateProvider } from "./shims";

/** At least one of `enabled` and `authConfig`; every field may be an Input. */
export type IntegrationStateArgs = InputsOf<IntegrationStateInputs> & WithConnectionArg;

/**
 * The mutable state (`enabled`, `authConfig`) of an integration this program does not own: created
 * elsewhere, or by the service. A managed `authConfig` is sent with the integration's visible keys it does not
 * set (a PATCH replaces authConfig whole). Deleting the resource leaves the integration as it is, or with
 * `onDelete: "restore"` sets `enabled` and the visible authConfig keys back to their values before this
 * resource changed them (secret keys, never shown, stay as this resource set them: `unrestorableKeys`).
 * `id` is the integration's id.
 */
export class IntegrationState extends pulumi.dynamic.Resource {
  declare readonly integrationId: pulumi.Output<IntegrationStateOutputs["integrationId"]>;
  /** The managed value (undefined when `enabled` is not managed). */
  declare readonly enabled: pulumi.Output<IntegrationStateOutputs["enabled"]>;
  /** Secret. The applied authConfig (undefined when not managed). */
  declare readonly authConfig: pulumi.Output<IntegrationStateOutputs["authConfig"]>;
  declare readonly onDelete: pulumi.Output<IntegrationStateOutputs["onDelete"]>;
  /** `enabled` before this resource changed it. */
  declare readonly priorEnabled: pulumi.Output<IntegrationStateOutputs["priorEnabled"]>;
  /** Secret. The visible authConfig keys before this resource changed them (managed authConfig only). */
  declare readonly priorAuthConfig: pulumi.Output<IntegrationStateOutputs["priorAuthConfig"]>;
  /** The keys it set whose prior values the service never showed: `onDelete: "restore"` cannot restore them. */
  declare readonly unrestorableKeys: pulumi.Output<IntegrationStateOutputs["unrestorableKeys"]>;

  constructor(name: string, args: IntegrationStateArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      integrationStateProvider,
      name,
      {
        // Outputs that are not inputs are listed (undefined) so that the SDK registers and resolves them.
        enabled: undefined,
        onDelete: undefined,
        priorEnabled: undefined,
        priorAuthConfig: undefined,
        unrestorableKeys: undefined,
        ...args,
        // Secret in the stored inputs too, even when given as a plain object.
        authConfig: args.authConfig === undefined ? undefined : pulumi.secret(args.authConfig),
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: ["authConfig", "priorAuthConfig", "connection"],
        // A replacement on the same integration (`up --replace`: the engine asks no diff then, and creates
        // first unless told otherwise) must let go before it takes over, so that the new resource inherits
        // the value the old one found (see resources/integration-state/handlers.ts). The program's own option wins.
        deleteBeforeReplace: opts?.deleteBeforeReplace ?? true,
      }),
      "integrations",
      "IntegrationState",
    );
  }
}
