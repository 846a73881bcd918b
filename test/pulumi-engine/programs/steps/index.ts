// The six steps of Pulumi's TestSteps in one program, picked by the `step` config. Resources carry a
// `state` (changes update in place), `replace` (changes replace, create-first) and `replaceDBR`
// (changes replace, delete-first); `c` takes `a`'s id, so replacing `a` updates `c`.
import * as pulumi from "@pulumi/pulumi";
import { randomUUID } from "node:crypto";

const provider: pulumi.dynamic.ResourceProvider = {
  async diff(_id, olds, news) {
    const replaces: string[] = [];
    if (olds.replace !== news.replace) replaces.push("replace");
    if (olds.replaceDBR !== news.replaceDBR) replaces.push("replaceDBR");
    // No `changes`: the engine decides whether anything changed.
    return { replaces, deleteBeforeReplace: replaces.includes("replaceDBR") };
  },
  async create() {
    // A fresh id per create (a counter would restart in every provider process), so that replacing `a`
    // does change the id `c` takes.
    return { id: randomUUID(), outs: undefined };
  },
  async update() {
    return {};
  },
};

interface Props {
  state?: number;
  replace?: number;
  replaceDBR?: number;
  resource?: pulumi.Input<string>;
}
class Resource extends pulumi.dynamic.Resource {
  constructor(name: string, props: Props) {
    super(provider, name, props);
  }
}

const step = Number(new pulumi.Config().require("step"));
if (step === 1) {
  const a = new Resource("a", { state: 1 });
  new Resource("b", { state: 1 });
  new Resource("c", { state: 1, resource: a.id });
  new Resource("d", { state: 1 });
} else if (step === 2) {
  const a = new Resource("a", { state: 1 });
  new Resource("b", { state: 2 });
  new Resource("c", { state: 1, resource: a.id });
  new Resource("e", { state: 1 });
} else if (step < 6) {
  // step 3 replaces `a`, step 4 replaces `c` delete-first, step 5 replaces `a` again.
  const a = new Resource("a", { state: 1, replace: step === 5 ? 2 : 1 });
  new Resource("c", { state: 1, resource: a.id, ...(step >= 4 ? { replaceDBR: 1 } : {}) });
  new Resource("e", { state: 1 });
}
