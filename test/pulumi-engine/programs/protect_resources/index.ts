// Pulumi's TestProtectedResources: "eternal" is protected, updated, removed while protected (fails),
// unprotected, then removed.
import * as pulumi from "@pulumi/pulumi";

const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: "eternal-id", outs: inputs };
  },
  async update(_id, _olds, news) {
    return { outs: news };
  },
};

const step = Number(new pulumi.Config().require("step"));
if (step === 1 || step === 2 || step === 4) {
  new pulumi.dynamic.Resource(provider, "eternal", { state: step === 1 ? 1 : 2 }, { protect: step !== 4 });
}
