// Pulumi's TestGetCreated: a resource created with the id of another resource, unknown during preview.
import * as pulumi from "@pulumi/pulumi";

const provider: pulumi.dynamic.ResourceProvider = {
  async create() {
    return { id: "0", outs: undefined };
  },
};

const a = new pulumi.dynamic.Resource(provider, "a", {});
new pulumi.dynamic.Resource(provider, "b", {}, { id: a.id });
