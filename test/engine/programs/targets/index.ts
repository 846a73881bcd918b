// `b` depends on `a`; `c` stands alone. Phase 2 changes every value and adds `d`.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const phase = new pulumi.Config().require("phase");
const value = `v${phase}`;

const a = new NullResource("a", { label: "a", value, diffUnknown: true });
new NullResource("b", { label: "b", value, diffUnknown: true }, { dependsOn: a });
new NullResource("c", { label: "c", value, diffUnknown: true });
if (phase === "2") new NullResource("d", { label: "d", value });
