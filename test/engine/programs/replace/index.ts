// Every resource changes `value` between version 1 and 2 of the config; each reacts differently.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const value = `v${new pulumi.Config().require("version")}`;

// The provider's diff asks for a replacement: create-before-delete.
new NullResource("cbd", { label: "cbd", value, replaceKeys: ["value"] });
// The provider's diff asks for delete-before-replace.
new NullResource("dbr", { label: "dbr", value, replaceKeys: ["value"], deleteBeforeReplace: true });
// The resource option asks for delete-before-replace.
new NullResource(
  "dbr-option",
  { label: "dbr-option", value, replaceKeys: ["value"] },
  { deleteBeforeReplace: true },
);
// The provider has no opinion ("unknown"): the engine compares inputs itself and updates.
new NullResource("upd", { label: "upd", value, diffUnknown: true });
// ignoreChanges: the new value never reaches the provider.
new NullResource("ign", { label: "ign", value }, { ignoreChanges: ["value"] });
// replaceOnChanges turns the engine's own "update" into a replacement.
new NullResource("roc", { label: "roc", value, diffUnknown: true }, { replaceOnChanges: ["value"] });

export const version = value;
