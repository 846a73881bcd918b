// Pulumi's TestErrorCreateDynamicNode: a dynamic resource of a custom type whose create throws.
import * as pulumi from "@pulumi/pulumi";

const provider: pulumi.dynamic.ResourceProvider = {
  async create() {
    throw new Error("boom!");
  },
};

class Failing extends pulumi.dynamic.Resource {
  constructor(name: string) {
    super(provider, name, {}, undefined, "custom-provider", "CustomResource");
  }
}

export const urn = new Failing("resource-name").urn;
