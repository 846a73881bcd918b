// `a` changes with the phase (an update); `slow` is created after `a` and takes `slowDelayMs` to create,
// long enough for a test to kill the operation while its Create is under way.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const config = new pulumi.Config();
const phase = config.require("phase");

const a = new NullResource("a", { label: "a", value: `v${phase}`, diffUnknown: true });
new NullResource(
  "slow",
  { label: "slow", value: "s", delayMs: Number(config.get("slowDelayMs") ?? "0") },
  { dependsOn: a, ignoreChanges: ["delayMs"] },
);
