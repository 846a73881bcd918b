import type * as pulumi from "@pulumi/pulumi";

/**
 * The providers that get serialized into state (`__provider`) with every resource. Pulumi serializes
 * whatever a provider's methods capture, by value; these methods capture nothing: each one loads the
 * stable entry `pulumi-integrations/dynamic` inside its body, at call time, in the provider process, and
 * delegates. So the serialized text is small, the same for every resource of a type, holds no secret,
 * and does not change when the package's internals do. Keep the bodies exactly this thin.
 *
 * Each object is created once, at module load: the SDK caches a provider's serialization per object.
 */

type DynamicEntry = typeof import("../providers/dynamic");

export const connectorProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.configure(req);
  },
  async check(olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.check(olds, news);
  },
  async diff(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.diff(id, olds, news);
  },
  async create(inputs) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.create(inputs);
  },
  async read(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.read(id, props);
  },
  async update(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.update(id, olds, news);
  },
  async delete(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connector.delete(id, props);
  },
};

export const integrationStateProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.configure(req);
  },
  async check(olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.check(olds, news);
  },
  async diff(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.diff(id, olds, news);
  },
  async create(inputs) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.create(inputs);
  },
  async read(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.read(id, props);
  },
  async update(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.update(id, olds, news);
  },
  async delete(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).integrationState.delete(id, props);
  },
};

export const connectedAccountProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.configure(req);
  },
  async check(olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.check(olds, news);
  },
  async diff(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.diff(id, olds, news);
  },
  async create(inputs) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.create(inputs);
  },
  async read(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.read(id, props);
  },
  async update(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.update(id, olds, news);
  },
  async delete(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).connectedAccount.delete(id, props);
  },
};

export const triggerInstanceProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.configure(req);
  },
  async check(olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.check(olds, news);
  },
  async diff(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.diff(id, olds, news);
  },
  async create(inputs) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.create(inputs);
  },
  async read(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.read(id, props);
  },
  async update(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.update(id, olds, news);
  },
  async delete(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerInstance.delete(id, props);
  },
};

export const triggerWebhookProvider: pulumi.dynamic.ResourceProvider = {
  async configure(req) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.configure(req);
  },
  async check(olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.check(olds, news);
  },
  async diff(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.diff(id, olds, news);
  },
  async create(inputs) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.create(inputs);
  },
  async read(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.read(id, props);
  },
  async update(id, olds, news) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.update(id, olds, news);
  },
  async delete(id, props) {
    return (require("pulumi-integrations/dynamic") as DynamicEntry).triggerWebhook.delete(id, props);
  },
};
