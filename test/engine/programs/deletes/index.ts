// Phase 1: a <- b (dependsOn) <- c (uses b's output), and d (dependsOn a).
// Phase 2: b and c are gone from the program, e is new.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const phase = new pulumi.Config().requireNumber("phase");

const a = new NullResource("a", { label: "a", value: "a" });
if (phase === 1) {
  const b = new NullResource("b", { label: "b", value: "b" }, { dependsOn: [a] });
  new NullResource("c", { label: "c", value: b.computed });
}
new NullResource("d", { label: "d", value: "d" }, { dependsOn: [a] });
if (phase === 2) new NullResource("e", { label: "e", value: "e" });
