/**
 * A Connector look-alike whose provider does no I/O: the same inputs, secrets and registered outputs, so
 * that what the SDK and the engine cost by themselves (gRPC, serialization, state, and the SDK's work per
 * output property) is measured with nothing on top. Its methods use nothing outside themselves, so the
 * provider serializes small, like the real one.
 */
import * as pulumi from "@pulumi/pulumi";

type Props = Record<string, unknown>;

export interface NullConnectorArgs {
  name: pulumi.Input<string>;
  appName: pulumi.Input<string>;
  authScheme: pulumi.Input<string>;
  authConfig: pulumi.Input<Record<string, pulumi.Input<string | string[]>>>;
  enabled: pulumi.Input<boolean>;
}

const provider: pulumi.dynamic.ResourceProvider = {
  async check(_olds: Props, news: Props) {
    return { inputs: news };
  },

  async diff(_id: string, olds: Props, news: Props) {
    const changed = Object.keys(news).filter(
      (key) => key !== "__provider" && JSON.stringify(olds[key]) !== JSON.stringify(news[key]),
    );
    return { changes: changed.length > 0 };
  },

  async create(inputs: Props) {
    const at = new Date().toISOString();
    // Outputs shaped like a connector record, so that state is about as large as the real one.
    const outs = {
      ...inputs,
      forceNewIntegration: true,
      deletionPolicy: "delete",
      appId: "01e2c1b3-6a57-4d2c-9a45-2f3c1d7f9a10",
      useServiceAuth: false,
      deleted: false,
      defaultConnectorId: null,
      createdAt: at,
      updatedAt: at,
    };
    return { id: `null-${inputs.name}`, outs };
  },

  async read(id: string, props: Props) {
    return { id, props };
  },

  async update(_id: string, olds: Props, news: Props) {
    return { outs: { ...olds, ...news, updatedAt: new Date().toISOString() } };
  },

  async delete() {},
};

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
