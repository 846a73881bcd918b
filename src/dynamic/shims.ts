import type * as pulumi from "@pulumi/pulumi";
import type * as entry from "./entry";

/** The resources the stable entry `pulumi-integrations/dynamic` exports (see its compatibility promise). */
export type ResourceKind = keyof typeof entry;

type ShimTarget = Required<Omit<pulumi.dynamic.ResourceProvider, "checkConfig" | "diffConfig">>;

/**
 * The provider that gets serialized into state (`__provider`) with every resource of one kind. Pulumi
 * serializes whatever a provider's methods capture, by value; these capture only `kind` (the resource's name
 * in the entry): each method loads the stable entry inside its body, at call time, in the provider process,
 * and delegates. So the serialized text is small, the same for every resource of a type, holds no secret,
 * and does not change when the package's internals do. Keep the bodies exactly this thin.
 */
function shimFor(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
  return {
    async configure(req) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].configure(
        req,
      );
    },
    async check(olds, news) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].check(
        olds,
        news,
      );
    },
    async diff(id, olds, news) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].diff(
        id,
        olds,
        news,
      );
    },
    async create(inputs) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].create(
        inputs,
      );
    },
    async read(id, props) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].read(
        id,
        props,
      );
    },
    async update(id, olds, news) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].update(
        id,
        olds,
        news,
      );
    },
    async delete(id, props) {
      return (require("pulumi-integrations/dynamic") as Record<ResourceKind, ShimTarget>)[kind].delete(
        id,
        props,
      );
    },
  };
}

// Each object is created once, at module load: the SDK caches a provider's serialization per object.
export const connectorProvider = shimFor("connector");
export const integrationStateProvider = shimFor("integrationState");
export const connectedAccountProvider = shimFor("connectedAccount");
export const triggerInstanceProvider = shimFor("triggerInstance");
export const triggerWebhookProvider = shimFor("triggerWebhook");
