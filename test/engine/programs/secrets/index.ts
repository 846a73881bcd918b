// A secret config value as a resource input, and a plain output made secret by additionalSecretOutputs.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const config = new pulumi.Config("nulltest");
const held = new NullResource("held", {
  label: "held",
  value: "plain",
  secretValue: config.requireSecret("apiKey"),
});
const marked = new NullResource(
  "marked",
  { label: "marked", value: "plain" },
  { additionalSecretOutputs: ["computed"] },
);

export const heldSecret = held.secretValue;
export const heldValue = held.value;
export const markedComputed = marked.computed;
