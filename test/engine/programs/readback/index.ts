// Phase 2 changes both halves of `nested`'s authConfig; `partial` and `bare` fail to initialise on create.
import * as pulumi from "@pulumi/pulumi";
import { NullResource } from "../null-provider";

const config = new pulumi.Config();
const phase = config.require("phase");
const readInputs = { value: "from-read" };

// The engine compares inputs itself (diffUnknown), so inputs a read returned decide the next diff.
new NullResource("drift", { label: "drift", value: "v1", diffUnknown: true, readInputs });
new NullResource(
  "drift-ignored",
  { label: "drift-ignored", value: "v1", diffUnknown: true, readInputs },
  { ignoreChanges: ["value"] },
);
new NullResource(
  "nested",
  { label: "nested", authConfig: { client_id: `id-${phase}`, client_secret: `secret-${phase}` } },
  { ignoreChanges: ["authConfig.client_id"] },
);
if (config.get("withBare")) new NullResource("bare", { label: "bare", failCreate: "partial-bare" });
if (config.get("withPartial")) new NullResource("partial", { label: "partial", failCreate: "partial" });
