// Pulumi's TestCustomResourceTypeNameDynamicNode: a dynamic resource with its own module and type name.
import * as pulumi from "@pulumi/pulumi";

const provider: pulumi.dynamic.ResourceProvider = {
  async create() {
    return { id: "1" };
  },
};

class Custom extends pulumi.dynamic.Resource {
  constructor(name: string) {
    super(provider, name, {}, undefined, "custom-provider", "CustomResource");
  }
}

export const urn = new Custom("resource-name").urn;
