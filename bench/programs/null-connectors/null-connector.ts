/**
 * A Connector look-alike whose provider does no I/O: the same inputs, secrets and registered outputs, so
 * that what the SDK and the engine cost by themselves (gRPC, serialization, state, and the SDK's work per
 * output property) is measured with nothing on top. Its provider is a module in the program's node_modules
 * (./null-provider.ts), so it serializes small, like the real one.
 */
import * as pulumi from "@pulumi/pulumi";

export interface NullConnectorArgs {
  name: pulumi.Input<string>;
  appName: pulumi.Input<string>;
  authScheme: pulumi.Input<string>;
  authConfig: pulumi.Input<Record<string, pulumi.Input<string | string[]>>>;
  enabled: pulumi.Input<boolean>;
}

/** The provider, loaded as the package the staging makes of ./null-provider.ts (typed from that file). */
const provider = require("bench-null-provider") as typeof import("./null-provider");

/** The outputs Connector registers besides its inputs (src/dynamic/connector.ts), so the SDK resolves as many. */
const OUTPUT_KEYS = [
  "appId",
  "appName",
  "authScheme",
  "enabled",
  "useServiceAuth",
  "createdAt",
  "updatedAt",
  "deleted",
  "defaultConnectorId",
  "forceNewIntegration",
  "deletionPolicy",
];

export class NullConnector extends pulumi.dynamic.Resource {
  declare readonly enabled: pulumi.Output<boolean>;

  constructor(name: string, args: NullConnectorArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = Object.fromEntries(OUTPUT_KEYS.map((key) => [key, undefined]));
    super(
      provider,
      name,
      { ...outputs, ...args, authConfig: pulumi.secret(args.authConfig) },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["authConfig"] }),
      "integrations",
      "NullConnector",
    );
  }
}
