import type { z } from "zod";
import { metaOf, type PropertyMeta } from "../../resources/shared/definition";
import type { DocNode } from "./docs";
import type { EnumTypeSpec, ObjectTypeSpec, PropertySpec, TypeSpec } from "./spec";

const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** zod 4's definition of a schema, as far as the walk below reads it. */
interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  element?: z.ZodType;
  valueType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string>;
  values?: unknown[];
}

function defOf(schema: z.ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** Wrappers that change what may be absent, not what the value is. */
const WRAPPERS = new Set(["optional", "default", "prefault", "nullable", "readonly", "nonoptional", "catch"]);

/**
 * Pulumi schema types from zod schemas. Objects and enums become named types (`integrations:index:<Name>`),
 * collected here; a name is the variable an object schema is declared as (`expectedInputField` ->
 * `ExpectedInputField`), otherwise derived from the property (an enum `deletionPolicy` -> `DeletionPolicy`,
 * the items of `fooBars` -> `FooBar`). Two different types under one name fail the generation rather than
 * one silently replacing the other.
 */
export class TypeCollector {
  readonly types: Record<string, ObjectTypeSpec | EnumTypeSpec> = {};

  constructor(private readonly tokenPrefix: string) {}

  /** A property: its type, its doc comment, its flags and its default (for inputs). */
  property(
    schema: z.ZodType,
    doc: DocNode | undefined,
    name: string,
    flags: PropertyMeta = {},
  ): PropertySpec {
    const spec: PropertySpec = { ...this.typeOf(schema, doc, flags.typeName ?? pascal(name)) };
    if (doc?.description) spec.description = doc.description;
    const fallback = defaultOf(schema);
    if (fallback !== undefined) spec.default = fallback;
    if (flags.secret) spec.secret = true;
    if (flags.replaceOnChanges) spec.replaceOnChanges = true;
    if (flags.deprecationMessage) spec.deprecationMessage = flags.deprecationMessage;
    return spec;
  }

  typeOf(schema: z.ZodType, doc: DocNode | undefined, name: string): TypeSpec {
    const def = defOf(schema);
    if (WRAPPERS.has(def.type) && def.innerType) return this.typeOf(def.innerType, doc, name);
    switch (def.type) {
      case "string":
        return { type: "string" };
      case "boolean":
        return { type: "boolean" };
      case "number":
        return { type: (schema as z.ZodNumber).isInt ? "integer" : "number" };
      case "literal":
        return literalType(def.values ?? []);
      case "enum":
        return this.named(name, enumType(def.entries ?? {}, doc?.description));
      case "array":
        return { type: "array", items: this.typeOf(def.element!, doc?.element, singular(name)) };
      case "record":
        return { type: "object", additionalProperties: this.typeOf(def.valueType!, doc?.element, name) };
      case "object":
        return this.named(doc?.variable ? pascal(doc.variable) : name, this.objectType(def.shape!, doc));
      case "unknown":
      case "any":
      case "lazy": // z.json()
      case "union":
        return ANY;
      default:
        throw new Error(`The schema cannot say what a zod "${def.type}" (${name}) is: add it to types.ts.`);
    }
  }

  private objectType(shape: Record<string, z.ZodType>, doc: DocNode | undefined): ObjectTypeSpec {
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const [key, schema] of Object.entries(shape)) {
      const meta = metaOf(schema);
      if (meta?.internal) continue;
      properties[key] = this.property(schema, doc?.properties?.[key], key, meta);
      if (isRequiredOutput(schema)) required.push(key);
    }
    return {
      type: "object",
      ...(doc?.typeDescription ? { description: doc.typeDescription } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  }

  /** An enum used by an input and an output is one type: the first description found is kept. */
  private named(name: string, spec: ObjectTypeSpec | EnumTypeSpec): TypeSpec {
    const token = `${this.tokenPrefix}${name}`;
    const existing = this.types[token];
    if (existing && JSON.stringify(undescribed(existing)) !== JSON.stringify(undescribed(spec))) {
      throw new Error(
        `Two different types would both be named ${token}: declare one of them as another variable.`,
      );
    }
    const description = existing?.description || spec.description;
    this.types[token] = { ...spec, ...(description ? { description } : {}) };
    return { $ref: `#/types/${token}` };
  }
}

function undescribed(spec: ObjectTypeSpec | EnumTypeSpec): object {
  const { description: _description, ...rest } = spec;
  return rest;
}

/** Absent is allowed in inputs: optional, or with a default (zod's `optin`). */
export function isRequiredInput(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === undefined;
}

/** Always present in outputs: not optional (a default counts as present, zod's `optout`). */
export function isRequiredOutput(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optout?: string } })._zod.optout === undefined;
}

function defaultOf(schema: z.ZodType): string | number | boolean | undefined {
  const def = defOf(schema);
  if (def.type === "default") {
    const value = typeof def.defaultValue === "function" ? undefined : def.defaultValue;
    return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
      ? value
      : undefined;
  }
  return WRAPPERS.has(def.type) && def.innerType ? defaultOf(def.innerType) : undefined;
}

function enumType(entries: Record<string, string>, description: string | undefined): EnumTypeSpec {
  return {
    type: "string",
    ...(description ? { description } : {}),
    enum: Object.values(entries).map((value) => ({ name: pascal(value), value })),
  };
}

function literalType(values: unknown[]): TypeSpec {
  const kinds = new Set(values.map((value) => typeof value));
  if (kinds.size === 1 && kinds.has("string")) return { type: "string" };
  if (kinds.size === 1 && kinds.has("boolean")) return { type: "boolean" };
  if (kinds.size === 1 && kinds.has("number")) return { type: "number" };
  return ANY;
}

export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");
}

function singular(name: string): string {
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  return name.endsWith("s") && !name.endsWith("ss") ? name.slice(0, -1) : name;
}
