// Pulumi's TestDeleteManyTargets: a graph of eight resources in which everything depends, through
// inputs, dependsOn or parents, on `a`.
import * as pulumi from "@pulumi/pulumi";

let nextId = 0;
const provider: pulumi.dynamic.ResourceProvider = {
  async create() {
    return { id: `${nextId++}` };
  },
};
const node = (name: string, input?: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions) =>
  new pulumi.dynamic.Resource(provider, name, input === undefined ? {} : { input }, opts);

const a = node("a");
const b = node("b", a.urn);
const c = node("c", undefined, { dependsOn: a });
const d = node("d", b.urn);
node("e", undefined, { dependsOn: b });
const f = node("f", undefined, { parent: a });
node("g", undefined, { parent: b });
node(
  "h",
  pulumi.all([c.urn, d.urn]).apply(([cUrn]) => cUrn),
  { dependsOn: [a, b], parent: f },
);
