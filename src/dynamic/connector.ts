import * as pulumi from "@pulumi/pulumi";
import {
  connectorDefinition,
  PROPOSED_NAME,
  type ConnectorInputs,
  type ConnectorOutputs,
} from "../resources/connector/definition";
import { autonameScopeOf, defaultNamePrefix } from "../resources/shared/autoname";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import { secretOutputs, unsetOutputs, type OutputFields } from "./definition-fields";
import type { InputsOf } from "./inputs-of";
import { secretsGivenPlain } from "./secrets-given-plain";
import { connectorProvider } from "./shims";

/** Exactly one of `appName` and `appId`; every field may be an Input. */
export type ConnectorArgs = InputsOf<ConnectorInputs> & WithConnectionArg;

type PublicConnectorOutputs = Omit<ConnectorOutputs, "lastApplied" | typeof PROPOSED_NAME>;

// The outputs are declared by the definition (declaration merging adds them as types, without class fields:
// compiled with useDefineForClassFields, a class field overwrites the value the SDK sets with undefined).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Connector extends OutputFields<PublicConnectorOutputs> {}

/**
 * A connector (integration) of the Trigger and Integration Management API, created and owned by this
 * resource. Changing name, appName/appId, authScheme or useServiceAuth replaces it; authConfig and enabled
 * are updated in place. `id` is the connector's id.
 *
 * Without `name`, the connector is autonamed `<logical name>-<7 base-36 characters>` (or
 * `<namePrefix><...>`). The characters are derived from the prefix, the project, the stack and the logical
 * name, so the same inputs give the same name in every run; the create skips a name a live connector of the
 * account holds (disabled ones included: its POST gets a 409) for the next one, with no other request. The
 * name is chosen at the first create (a preview shows it as not known yet) and kept across updates; a
 * replacement (`pulumi up --replace` included) takes another name and is created before the old connector is
 * deleted.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Connector extends pulumi.dynamic.Resource {
  constructor(name: string, args: ConnectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      connectorProvider,
      name,
      {
        ...unsetOutputs(connectorDefinition.outputs),
        ...args,
        namePrefix: args.name === undefined ? (args.namePrefix ?? defaultNamePrefix(name)) : args.namePrefix,
        // The rest of the autoname's seed: this resource among every stack's. The create derives the name
        // from it; a diff never compares it (a rename or a move between stacks keeps the name).
        autonameScope:
          args.name === undefined ? autonameScopeOf(pulumi.getProject(), pulumi.getStack(), name) : undefined,
        // Secret in the stored inputs too, even when given as a plain object.
        authConfig: args.authConfig === undefined ? undefined : pulumi.secret(args.authConfig),
        // Which of them the program gave plain (the policy pack reads it): names only, never a value.
        secretsGivenPlain: secretsGivenPlain({ authConfig: args.authConfig }),
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, {
        additionalSecretOutputs: [...secretOutputs(connectorDefinition.outputs), "connection"],
      }),
      "integrations",
      connectorDefinition.name,
    );
  }
}
