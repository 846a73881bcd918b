import { z } from "zod";
import { triggerSchema, type Trigger } from "./schemas";

/**
 * The trigger list of GET /api/v1/triggers, validated near the speed of JSON.parse. A catalog answer can
 * hold ten thousand triggers; running each through the zod schema (a copy of every object and of every
 * nested config) cost twice the parse itself. So an item already in the canonical shape (required fields
 * strings, optional fields absent or of their type, no `null`s, `display_name` spelt as the contract says)
 * is kept as parsed: for such an item the schema's answer would be an equal object. Any other item goes
 * through `triggerSchema`, which accepts the tolerated variants or names the failing field, exactly as
 * before. test/client/trigger-list.test.ts checks that both paths agree on generated items.
 */

const REQUIRED_STRINGS = ["appId", "appKey", "appName", "display_name", "name"] as const;
const OPTIONAL_TYPES: Readonly<Record<string, "string" | "number" | "boolean" | "object">> = {
  config: "object",
  count: "number",
  description: "string",
  enabled: "boolean",
  instructions: "string",
  payload: "object",
  type: "string",
  logo: "string",
};
const OPTIONAL_KEYS = Object.keys(OPTIONAL_TYPES);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True when the schema would hand back an object equal to `item`. */
export function isCanonicalTrigger(item: unknown): item is Trigger {
  if (!isPlainObject(item)) return false;
  for (const key of REQUIRED_STRINGS) if (typeof item[key] !== "string") return false;
  for (const key of OPTIONAL_KEYS) {
    const value = item[key];
    if (value === undefined) continue;
    const expected = OPTIONAL_TYPES[key];
    if (expected === "object" ? !isPlainObject(value) : typeof value !== expected) return false;
  }
  return true;
}

/** A list as a bare array or as `{ items: [...] }` (contract-decisions.md), of Trigger. */
export const triggerListSchema: z.ZodType<Trigger[]> = z.unknown().transform((body, ctx) => {
  const [items, prefix] = Array.isArray(body)
    ? [body, []]
    : isPlainObject(body) && Array.isArray(body.items)
      ? [body.items, ["items"]]
      : [undefined, []];
  if (items === undefined) {
    ctx.issues.push({ code: "custom", message: "expected an array of triggers", input: body, path: [] });
    return z.NEVER;
  }
  const triggers: Trigger[] = new Array<Trigger>(items.length);
  items.forEach((item: unknown, index) => {
    if (isCanonicalTrigger(item)) {
      triggers[index] = item;
      return;
    }
    const parsed = triggerSchema.safeParse(item);
    if (parsed.success) triggers[index] = parsed.data;
    else {
      for (const issue of parsed.error.issues) {
        const path = [...prefix, index, ...issue.path];
        ctx.issues.push({ code: "custom", message: issue.message, input: item, path });
      }
    }
  });
  return ctx.issues.length > 0 ? z.NEVER : triggers;
});
