// Pulumi's TestUntargetedCreateDuringTargetedUpdate: step 1 has `a`; step 2 adds `b`, and is deployed
// with `--target` a's URN only.
import * as pulumi from "@pulumi/pulumi";

let nextId = 0;
const provider: pulumi.dynamic.ResourceProvider = {
  async create() {
    return { id: `${nextId++}`, outs: undefined };
  },
};

const a = new pulumi.dynamic.Resource(provider, "a", {});
if (new pulumi.Config().require("step") === "2") new pulumi.dynamic.Resource(provider, "b", {});
export const urn = a.urn;
