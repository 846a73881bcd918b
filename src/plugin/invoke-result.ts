import { z } from "zod";
import { isPlainObject } from "../resources/shared/values";

/** zod 4's definition of a schema, as far as the walk below reads it. */
interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
}

const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch"]);

/**
 * A function's answer as the plugin hands it back: only the keys its result shape documents, at every level
 * (an object type of the shape keeps its own keys, even one declared loose: the client keeps the keys a server
 * adds, and one of them might hold anything), then checked against the shape. The generated SDKs build their
 * result classes from exactly the documented keys, and nothing undocumented, a credential least of all, goes
 * back. A `null` where the shape allows only absence reads as absent (the client's tolerance rule). A map
 * (a trigger's `config`, a connector's visible `authConfig`) keeps its keys: they are the data.
 */
export function documentedResult(
  functionName: string,
  shape: z.ZodRawShape,
  answer: unknown,
): Record<string, unknown> {
  const schema = z.object(shape);
  const parsed = schema.safeParse(documentedOnly(schema, answer));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(
    `${functionName}: the service's answer does not match the function's documented result ` +
      `(${issue.path.join(".") || "the answer"}: ${issue.message}).`,
  );
}

function documentedOnly(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) {
    return value === null || value === undefined ? value : documentedOnly(def.innerType, value);
  }
  if (def.type === "array" && Array.isArray(value)) {
    return value.map((item: unknown) => documentedOnly(def.element!, item));
  }
  if (!isPlainObject(value)) return value;
  if (def.type === "record") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, documentedOnly(def.valueType!, item)]),
    );
  }
  if (def.type !== "object") return value;
  const kept: Record<string, unknown> = {};
  for (const [key, keySchema] of Object.entries(def.shape!)) {
    const item = value[key];
    if (item === undefined || (item === null && !keySchema.safeParse(null).success)) continue;
    kept[key] = documentedOnly(keySchema, item);
  }
  return kept;
}
