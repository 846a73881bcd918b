/**
 * Reduces the schemas of an OpenAPI 3.0 document to comparable facts: per operation, its success status
 * and, for the request and the response body, every field path (`items[].appId`) with its JSON type and
 * whether it is required. The same reduction is applied to the service's published document (once, by
 * scripts/published-document-facts.ts, into published-facts.ts) and to the emulator's generated one.
 */

export interface BodyFacts {
  /** Field path -> type: string, number, integer, boolean, object, array<...>, any; "|null" when nullable. */
  types: Record<string, string>;
  required: string[];
}

export interface OperationFacts {
  successStatus: number;
  request?: BodyFacts;
  /** Absent when the success status declares no body. */
  response?: BodyFacts;
}

type Schema = Record<string, unknown>;
type Document = {
  paths: Record<string, Record<string, Schema>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Fields nested deeper than this are not compared (free-form objects and catalogs below). */
const MAX_DEPTH = 3;

export function operationFacts(document: Document, method: string, path: string): OperationFacts {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  const responses = operation.responses as Record<string, Schema>;
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status));
  if (success === undefined) throw new Error(`${method} ${path} has no success response`);
  const responseSchema = bodySchema(responses[success]);
  const requestSchema = operation.requestBody ? bodySchema(operation.requestBody as Schema) : undefined;
  return {
    successStatus: Number(success),
    ...(requestSchema && { request: bodyFacts(document, requestSchema) }),
    ...(responseSchema && { response: bodyFacts(document, responseSchema) }),
  };
}

function bodySchema(holder: Schema | undefined): Schema | undefined {
  const content = holder?.content as Record<string, { schema?: Schema }> | undefined;
  return content?.["application/json"]?.schema;
}

function bodyFacts(document: Document, schema: Schema): BodyFacts {
  const facts: BodyFacts = { types: {}, required: [] };
  visit(document, schema, "", 0, facts);
  facts.required.sort();
  return facts;
}

function visit(document: Document, raw: Schema, path: string, depth: number, facts: BodyFacts): void {
  const schema = resolve(document, raw);
  if (path !== "") facts.types[path] = typeOf(document, schema);
  if (depth >= MAX_DEPTH) return;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const prefix = path === "" ? "" : `${path}.`;
  for (const name of required) {
    facts.required.push(`${prefix}${name}`);
    if (!(name in properties)) facts.types[`${prefix}${name}`] = "any";
  }
  for (const [name, property] of Object.entries(properties)) {
    visit(document, property, `${prefix}${name}`, depth + 1, facts);
  }
  if (schema.type === "array" && schema.items) {
    visit(document, schema.items as Schema, `${path}[]`, depth, facts);
  }
}

function resolve(document: Document, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.replace("#/components/schemas/", "");
  const target = document.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${ref}`);
  return resolve(document, target);
}

function typeOf(document: Document, schema: Schema): string {
  const nullable = schema.nullable === true ? "|null" : "";
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (alternatives) {
    const kinds = [
      ...new Set(alternatives.map((alternative) => typeOf(document, resolve(document, alternative)))),
    ];
    return kinds.sort().join("|") + nullable;
  }
  if (schema.type === "array") {
    const items = schema.items ? typeOf(document, resolve(document, schema.items as Schema)) : "any";
    return `array<${items}>${nullable}`;
  }
  if (typeof schema.type === "string") {
    const isNullEnum = Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
    return isNullEnum ? "null" : `${schema.type}${nullable}`;
  }
  return schema.properties ? `object${nullable}` : `any${nullable}`;
}
