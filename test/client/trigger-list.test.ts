import fc from "fast-check";
import { listSchema, triggerSchema } from "../../src/client/schemas";
import { isCanonicalTrigger, triggerListSchema } from "../../src/client/trigger-list";

/** The fast path of trigger lists must answer exactly what the zod schema answers. */

const value = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
  fc.array(fc.integer(), { maxLength: 2 }),
);
const fields = [
  "appId",
  "appKey",
  "appName",
  "display_name",
  "displayName",
  "name",
  "config",
  "count",
  "description",
  "enabled",
  "instructions",
  "payload",
  "type",
  "logo",
  "extra",
];
const canonical = {
  appId: fc.string(),
  appKey: fc.string(),
  appName: fc.string(),
  display_name: fc.string(),
  name: fc.string(),
};
/** Mostly-valid items with some fields replaced by anything, so both verdicts occur often. */
const item = fc
  .tuple(fc.record(canonical), fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 3 }))
  .map(([base, changes]) => {
    const merged: Record<string, unknown> = { ...base, ...changes };
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    return merged;
  });

describe("triggerListSchema", () => {
  it("agrees with listSchema(triggerSchema) on every list, valid or not", () => {
    const slow = listSchema(triggerSchema);
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), fc.boolean(), (items, wrapped) => {
        const body = wrapped ? { items } : items;
        const fast = triggerListSchema.safeParse(body);
        const reference = slow.safeParse(body);
        expect(fast.success).toBe(reference.success);
        if (fast.success && reference.success) expect(fast.data).toEqual(reference.data);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps a canonical item as parsed (no copy) and names the failing field of a bad one", () => {
    const good = { appId: "a", appKey: "k", appName: "n", display_name: "D", name: "T", count: 3 };
    const parsed = triggerListSchema.parse([good]);
    expect(parsed[0]).toBe(good);
    // `name` is an id the provider acts on: parsed strictly (src/client/TOLERANCE.md).
    const bad = triggerListSchema.safeParse({ items: [good, { ...good, name: 3 }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["items", 1, "name"]);
  });

  it("sends a null or displayName variant through the schema", () => {
    const base = { appId: "a", appKey: "k", appName: "n", name: "T" };
    expect(isCanonicalTrigger({ ...base, display_name: "D", logo: null })).toBe(false);
    expect(isCanonicalTrigger({ ...base, displayName: "D" })).toBe(false);
    expect(triggerListSchema.parse([{ ...base, displayName: "D", logo: null }])).toEqual([
      { ...base, displayName: "D", display_name: "D" },
    ]);
  });
});
