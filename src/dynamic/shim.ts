import type * as pulumi from "@pulumi/pulumi";
import type * as entry from "./entry";

/** The resources the stable entry `pulumi-integrations/dynamic` exports (see its compatibility promise). */
export type ResourceKind = keyof typeof entry;

type ShimTarget = Required<Omit<pulumi.dynamic.ResourceProvider, "checkConfig" | "diffConfig">>;

/**
 * The provider of one kind of resource, which `pulumi.dynamic.Resource` serializes into state (`__provider`)
 * with every resource: its methods capture only `kind` (the resource's name in the entry), and each loads the
 * stable entry inside its body, at call time, in the provider process, and delegates. Each kind's provider is
 * the exports of a module of its own (./providers/), which the serializer stores as a `require` of that module
 * where it can; where it cannot, it serializes these methods by value (./shims.ts). Either way the text is the
 * same for every resource of a type, holds no secret, and does not change when the package's internals do.
 * Keep the bodies exactly this thin: serialized by value, they must work with nothing but the entry.
 */
export function shimFor(kind: ResourceKind): pulumi.dynamic.ResourceProvider {
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
