// Two scenarios of Pulumi's TestNodejsAliases (scenario_rename, scenario_rename_component): step 2
// renames a component, and a component with children, through `aliases`; nothing may change.
import * as pulumi from "@pulumi/pulumi";

class Resource extends pulumi.ComponentResource {
  constructor(name: string, opts?: pulumi.ComponentResourceOptions) {
    super("my:module:Resource", name, {}, opts);
  }
}

class ComponentThree extends pulumi.ComponentResource {
  constructor(name: string, opts?: pulumi.ComponentResourceOptions) {
    super("my:module:ComponentThree", name, {}, opts);
    new Resource(`${name}-child`, { parent: this });
    new Resource("otherchild", { parent: this });
  }
}

const renamed = new pulumi.Config().require("step") === "2";
new Resource(renamed ? "newres1" : "res1", renamed ? { aliases: [{ name: "res1" }] } : {});
new ComponentThree(renamed ? "newcomp3" : "comp3", renamed ? { aliases: [{ name: "comp3" }] } : {});
