// Pulumi's TestDeleteBeforeCreate: a change of `state` replaces, delete-first unless `noDBR`; dependents
// take their state from what they depend on.
import * as pulumi from "@pulumi/pulumi";
import { randomUUID } from "node:crypto";

const provider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff(_id, olds, news) {
    if (olds.state !== news.state) {
      return { changes: true, replaces: ["state"], deleteBeforeReplace: !news.noDBR };
    }
    return { changes: olds.noReplace !== news.noReplace };
  },
  async create(inputs) {
    return { id: randomUUID(), outs: inputs };
  },
};

interface Props {
  uniqueKey?: number;
  state: pulumi.Input<number>;
  noReplace?: pulumi.Input<number>;
  noDBR?: boolean;
}
class Resource extends pulumi.dynamic.Resource {
  declare readonly state: pulumi.Output<number>;
  constructor(name: string, props: Props, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { ...props }, opts);
  }
}
const sum = (...values: pulumi.Output<number>[]): pulumi.Output<number> =>
  pulumi.all(values).apply((all) => all.reduce((total, value) => total + value, 0));

const step = Number(new pulumi.Config().require("step"));
if (step <= 2) {
  const base = new Resource("base", { uniqueKey: 1, state: step === 1 ? 42 : 99 });
  const dependent = new Resource("dependent", { state: base.state });
  const second = new Resource("dependent-2", { state: 99 }, { dependsOn: [base, dependent] });
  new Resource("dependent-3", { state: 99, noReplace: sum(base.state, dependent.state) });
  new Resource("dependent-4", { state: sum(dependent.state, second.state) });
} else if (step === 3) {
  const base = new Resource("base", { uniqueKey: 1, state: 100 });
  new Resource("dependent", { state: base.state });
} else {
  const states: Record<number, [number, number]> = { 4: [100, 100], 5: [200, 50], 6: [42, 42] };
  const [first, second] = states[step] ?? [0, 0];
  const noDBR = step === 6 ? { noDBR: true } : {};
  const base = new Resource("base", { uniqueKey: 1, state: first, ...noDBR });
  const base2 = new Resource("base-2", { uniqueKey: 2, state: second, ...noDBR });
  new Resource(
    "dependent",
    { state: sum(base.state, base2.state), ...noDBR },
    step === 6 ? { deleteBeforeReplace: true } : {},
  );
}
