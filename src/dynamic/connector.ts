import * as pulumi from "@pulumi/pulumi";
import type { ConnectorInputs } from "../resources/connector/definition";
import type { ConnectorOutputs } from "../resources/connector/definition";
import { secretConnection, type WithConnectionArg } from "./connection-arg";
import type { InputsOf } from "./inputs-of";
import { connectorProvider } from "./shims";

/** Exactly one of `appName` and `appId`; every field may be an Input. */
export type ConnectorArgs = InputsOf<ConnectorInputs> & WithConnectionArg;

/**
 * A connector (integration) of the Trigger and Integration Management API, created and owned by this
 * resource. Changing name, appName/appId, authScheme or useServiceAuth replaces it; authConfig and enabled
 * are updated in place. `id` is the connector's id.
 *
 * Without `name`, the connector is autonamed `<logical name>-<7 base-36 characters>` (or
 * `<namePrefix><...>`). The characters are derived from the prefix, the project, the stack and the logical
 * name, so a preview shows the name its update creates (and an update plan holds it) and the same inputs
 * give the same name in every run; a name already held by a live connector of the account (disabled ones
 * included) is skipped for the next one. The name is chosen at the first create and kept across updates; a
 * replacement (`pulumi up --replace` included) takes the next free name and is created before the old
 * connector is deleted. Choosing a fresh name lists the account's connectors once per deployment.
 */
export class Connector extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<ConnectorOutputs["name"]>;
  declare readonly appId: pulumi.Output<ConnectorOutputs["appId"]>;
  declare readonly appName: pulumi.Output<ConnectorOutputs["appName"]>;
  declare readonly authScheme: pulumi.Output<ConnectorOutputs["authScheme"]>;
  /** Secret. The applied authConfig (the API never shows sensitive values back). */
  declare readonly authConfig: pulumi.Output<ConnectorOutputs["authConfig"]>;
  declare readonly enabled: pulumi.Output<ConnectorOutputs["enabled"]>;
  declare readonly useServiceAuth: pulumi.Output<ConnectorOutputs["useServiceAuth"]>;
  /** The fields each ConnectedAccount of it gives in `data` (an API key, a token, ...). */
  declare readonly expectedInputFields: pulumi.Output<ConnectorOutputs["expectedInputFields"]>;
  declare readonly logo: pulumi.Output<ConnectorOutputs["logo"]>;
  declare readonly createdAt: pulumi.Output<ConnectorOutputs["createdAt"]>;
  declare readonly updatedAt: pulumi.Output<ConnectorOutputs["updatedAt"]>;
  declare readonly deleted: pulumi.Output<ConnectorOutputs["deleted"]>;
  declare readonly defaultConnectorId: pulumi.Output<ConnectorOutputs["defaultConnectorId"]>;
  declare readonly forceNewIntegration: pulumi.Output<ConnectorOutputs["forceNewIntegration"]>;
  declare readonly deletionPolicy: pulumi.Output<ConnectorOutputs["deletionPolicy"]>;
  declare readonly namePrefix: pulumi.Output<ConnectorOutputs["namePrefix"]>;
  declare readonly adoptId: pulumi.Output<ConnectorOutputs["adoptId"]>;

  constructor(name: string, args: ConnectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      connectorProvider,
      name,
      {
        // Outputs that are not inputs are listed (undefined) so that the SDK registers and resolves them.
        name: undefined,
        appId: undefined,
        appName: undefined,
        authScheme: undefined,
        enabled: undefined,
        useServiceAuth: undefined,
        expectedInputFields: undefined,
        logo: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        deleted: undefined,
        defaultConnectorId: undefined,
        forceNewIntegration: undefined,
        deletionPolicy: undefined,
        adoptId: undefined,
        ...args,
        namePrefix: args.name === undefined ? (args.namePrefix ?? `${name}-`) : args.namePrefix,
        // The rest of the autoname's seed: this resource among every stack's. Consumed by check (never
        // stored), so states written before it existed still diff clean.
        autonameScope:
          args.name === undefined ? `${pulumi.getProject()}/${pulumi.getStack()}/${name}` : undefined,
        // Secret in the stored inputs too, even when given as a plain object.
        authConfig: args.authConfig === undefined ? undefined : pulumi.secret(args.authConfig),
        connection: secretConnection(args.connection),
      },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["authConfig", "connection"] }),
      "integrations",
      "Connector",
    );
  }
}
