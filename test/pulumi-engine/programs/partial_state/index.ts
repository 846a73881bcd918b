// Pulumi's TestPartialState: a resource whose state is 4 is created (or updated) but fails to initialise.
import * as pulumi from "@pulumi/pulumi";

const provider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async create(inputs) {
    if (inputs.state === 4) {
      throw Object.assign(new Error("Resource failed to initialize"), {
        id: "0",
        properties: inputs,
        reasons: ["state can't be 4"],
      });
    }
    return { id: "0", outs: inputs };
  },
  async update(id, _olds, news) {
    if (news.state === 4) {
      throw Object.assign(new Error("Resource failed to initialize"), {
        id,
        properties: news,
        reasons: ["state can't be 4"],
      });
    }
    return { outs: news };
  },
};

const step = Number(new pulumi.Config().require("step"));
const byStep: Record<number, [string, number] | undefined> = {
  1: ["doomed", 4],
  3: ["not-doomed", 5],
  4: ["not-doomed", 4],
};
const wanted = byStep[step];
if (wanted) new pulumi.dynamic.Resource(provider, wanted[0], { state: wanted[1] });
