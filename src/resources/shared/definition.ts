import { z } from "zod";

/**
 * What a resource is, said once: the plugin's schema, the docs and the TypeScript types derive from it
 * (the dynamic classes take their args and outputs from the types). The properties are zod schemas: the
 * inputs are the field rules `check` applies; the outputs are what the handlers return. Each property is
 * documented once, by the doc comment on its key (TypeScript carries it through `z.input`/`z.output` to the
 * types users see; the schema generator reads it from the source), and flagged with `property(...)`.
 */
export interface ResourceDefinition<Inputs extends z.ZodRawShape, Outputs extends z.ZodRawShape> {
  /** The type's name: `integrations:index:<name>` in the plugin, `.../integrations:<name>` for the dynamic one. */
  name: string;
  description: string;
  inputs: Inputs;
  /** Every output (in the plugin's schema, the inputs are outputs too). */
  outputs: Outputs;
  /** Present when `pulumi import` can bring an existing object under the stack (read by id alone). */
  import?: ImportDefinition;
}

export interface ImportDefinition {
  /** What the id is, e.g. "the connector's id (`GET /api/v1/integrations/{id}`)". */
  id: string;
  /** The inputs a read cannot return (secrets the service never shows): the program must give them. */
  unreadableInputs: string[];
  /** What else a user importing one should know (what the import records, what the first `up` does). */
  notes?: string;
}

/** What a property's metadata says (zod's `.meta()`), beyond its type and its doc comment. */
export interface PropertyMeta {
  /** Stored encrypted; never shown. */
  secret?: true;
  /** A change replaces the resource. */
  replaceOnChanges?: true;
  /** The provider's own bookkeeping: kept in state, left out of the schema and the docs. */
  internal?: true;
  /**
   * The name of the property's enum or object type in the plugin's schema (`integrations:index:<typeName>`),
   * where the property's own name would give two resources' different types one name (`onDelete`).
   */
  typeName?: string;
  /**
   * Why the property should no longer be used, and what to use instead: the schema's `deprecationMessage`
   * (the SDKs mark it), and the warning a use of it gives.
   */
  deprecationMessage?: string;
}

/** A property with its flags. The metadata goes on the outermost schema, where readers look. */
export function property<T extends z.ZodType>(schema: T, meta: PropertyMeta): T {
  return schema.meta({ ...meta }) as T;
}

/** The metadata of a property of a definition (undefined for one without). */
export function metaOf(schema: z.core.$ZodType): PropertyMeta | undefined {
  return z.globalRegistry.get(schema) as PropertyMeta | undefined;
}

/** The keys of a shape whose property carries this flag (`property(..., { secret: true })`, ...). */
export function keysFlagged(shape: z.ZodRawShape, flag: keyof PropertyMeta): string[] {
  return Object.keys(shape).filter((key) => metaOf(shape[key]!)?.[flag] === true);
}
