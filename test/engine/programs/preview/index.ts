// b's value is a's computed output: unknown in a preview while a is to be created or updated.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const a = new NullResource("a", { label: "a", value: new pulumi.Config().require("value") });
const b = new NullResource("b", { label: "b", value: a.computed, replaceKeys: ["value"] });

// Runs only once the value is known, which it never is in a preview.
a.computed.apply((computed) => console.log(`a.computed is known: ${computed}`));

export const bValue = b.value;
