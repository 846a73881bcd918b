// What the provider's read returns decides what a refresh finds: drift, nothing, or no resource.
import { NullResource } from "../null-provider";

new NullResource("drifts", {
  label: "drifts",
  value: "original",
  readOverrides: { value: "changed out of band" },
});
new NullResource("steady", { label: "steady", value: "steady" });
new NullResource("vanishes", { label: "vanishes", value: "gone", readGone: true });
// Resource.get: read, not managed.
export const readValue = new NullResource(
  "existing",
  { label: "existing", value: "theirs" },
  { id: "existing-id" },
).value;
