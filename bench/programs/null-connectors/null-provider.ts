/**
 * The null connector's provider (./null-connector.ts): no I/O, its outputs shaped like a connector record. A
 * module of its own, staged as the package `bench-null-provider` in the program's node_modules
 * (bench/support/staging.ts), so that Pulumi serializes it into each resource's state as a `require` of that
 * module, as it serializes pulumi-integrations' own providers: the null provider's state is then about as large
 * as the real one's, and each step's checkpoint costs about the same on both sides.
 */
import type * as pulumi from "@pulumi/pulumi";

type Props = Record<string, unknown>;

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

export = provider;
