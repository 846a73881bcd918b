import { z } from "zod";
import { isPlainObject } from "../resources/shared/values";

/** The part of a JSON schema (zod's own `z.toJSONSchema`) the walk below reads. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/**
 * A function's answer as the plugin hands it back: only the keys its result shape documents, at every level
 * (an object type of the shape keeps its own keys, even one declared loose: the client keeps the keys a server
 * adds, and one of them might hold anything), then checked against the shape. The generated SDKs build their
 * result classes from exactly the documented keys, and nothing undocumented, a credential least of all, goes
 * back. A `null` where the shape allows only absence reads as absent (the client's tolerance rule). A map
 * (a trigger's `config`, a connector's visible `authConfig`) keeps its keys: they are the data. The shape is
 * read through zod's JSON Schema, its public description of itself.
 */
export function documentedResult(
  functionName: string,
  shape: z.ZodRawShape,
  answer: unknown,
): Record<string, unknown> {
  const schema = z.object(shape);
  const described = describedOf(shape, schema);
  const parsed = schema.safeParse(documentedOnly(described, answer));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(
    `${functionName}: the service's answer does not match the function's documented result ` +
      `(${issue.path.join(".") || "the answer"}: ${issue.message}).`,
  );
}

/** Each result shape's JSON Schema, made once per process. */
const descriptions = new WeakMap<z.ZodRawShape, JsonSchema>();

function describedOf(shape: z.ZodRawShape, schema: z.ZodObject): JsonSchema {
  let json = descriptions.get(shape);
  if (json === undefined) {
    json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as JsonSchema;
    descriptions.set(shape, json);
  }
  return json;
}

function documentedOnly(schema: JsonSchema, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const branch = branchFor(schema, value);
  if (Array.isArray(value))
    return branch.items ? value.map((item) => documentedOnly(branch.items!, item)) : value;
  if (!isPlainObject(value)) return value;
  if (branch.properties !== undefined) {
    const kept: Record<string, unknown> = {};
    for (const [key, keySchema] of Object.entries(branch.properties)) {
      const item = value[key];
      if (item === undefined || (item === null && !acceptsNull(keySchema))) continue;
      kept[key] = documentedOnly(keySchema, item);
    }
    return kept;
  }
  const values = branch.additionalProperties;
  if (typeof values !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, documentedOnly(values, item)]));
}

/** Of a union (an optional or nullable value), the branch that describes a value of this kind. */
function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches === undefined) return schema;
  const kind = Array.isArray(value) ? "array" : isPlainObject(value) ? "object" : typeof value;
  return branches.find((branch) => [branch.type].flat().includes(kind)) ?? schema;
}

function acceptsNull(schema: JsonSchema): boolean {
  return [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((branch) =>
    [branch.type].flat().includes("null"),
  );
}
