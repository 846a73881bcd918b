// Pulumi's TestDoublePendingDelete: replace-only resources; a `fail` of 1 makes Create throw, so a
// create-before-delete replacement of `b` fails after `a`'s replacement left its old self pending delete.
import * as pulumi from "@pulumi/pulumi";

let nextId = 0;
const provider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff(_id, olds, news) {
    return news.fail !== olds.fail ? { changes: true, replaces: ["fail"] } : { changes: false };
  },
  async create(inputs) {
    if (inputs.fail === 1) throw new Error("failed to create this resource");
    return { id: `${nextId++}`, outs: inputs };
  },
  async update() {
    throw new Error("this resource is replace-only and can't be updated");
  },
};

const step = Number(new pulumi.Config().require("step"));
const fails: Record<number, [number, number]> = { 1: [0, 0], 2: [2, 1], 3: [3, 1], 4: [4, 2] };
const [failA, failB] = fails[step] ?? [0, 0];
const a = new pulumi.dynamic.Resource(provider, "a", { fail: failA });
new pulumi.dynamic.Resource(provider, "b", { fail: failB }, { dependsOn: a });
