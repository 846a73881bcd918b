// Pulumi's TestNodejsDynamicProviderReadInputs: `read` returns the resource's inputs as well as its
// outputs, so that a refresh leaves nothing to diff.
import * as pulumi from "@pulumi/pulumi";

const provider: pulumi.dynamic.ResourceProvider = {
  async create(props) {
    return { id: "test-resource-id", outs: { value: props.value } };
  },
  async read(id, props) {
    return { id, props, inputs: { value: props.value } };
  },
};

const resource = new pulumi.dynamic.Resource(provider, "test", { value: "hello" });
export const resourceId = resource.id;
