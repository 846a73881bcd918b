// Phase 1 registers everything; phase 2 drops `retained` and renames `old-name` to `new-name` (aliased);
// phase 3 also drops `protected`.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const phase = Number(new pulumi.Config().require("phase"));

// Nothing ever changes in these: only `up --replace` replaces them.
new NullResource("plain", { label: "plain", value: "p" });
new NullResource("dbr-provider", { label: "dbr-provider", value: "p", deleteBeforeReplace: true });
new NullResource("dbr-option", { label: "dbr-option", value: "p" }, { deleteBeforeReplace: true });
if (phase < 3) new NullResource("protected", { label: "protected", value: "p" }, { protect: true });
if (phase < 2) new NullResource("retained", { label: "retained", value: "p" }, { retainOnDelete: true });
if (phase < 2) new NullResource("old-name", { label: "renamed", value: "p" });
else new NullResource("new-name", { label: "renamed", value: "p" }, { aliases: [{ name: "old-name" }] });
