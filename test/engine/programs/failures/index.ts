// mode "partial": b's create fails after creating it; c (after b) never comes.
// mode "check": s fails its check, on a secret and on a plain property.
// mode "throw": the program itself fails.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const config = new pulumi.Config();
const mode = config.require("mode");
if (mode === "throw") throw new Error("boom from the program");

const a = new NullResource("a", { label: "a", value: "a" });
if (mode === "partial") {
  const b = new NullResource("b", { label: "b", value: "b", failCreate: "partial" }, { dependsOn: [a] });
  new NullResource("c", { label: "c", value: "c" }, { dependsOn: [b] });
}
if (mode === "check") {
  new NullResource("s", {
    label: "s",
    value: "short",
    secretValue: config.requireSecret("token"),
    checkFailures: [
      { property: "secretValue", reason: "must not be empty" },
      { property: "value", reason: "must be longer" },
    ],
  });
}
