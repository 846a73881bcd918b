/**
 * The parts of the Pulumi package schema (https://www.pulumi.com/docs/iac/extend-tools/extending-pulumi/schema/)
 * this plugin's schema uses.
 */

export type TypeSpec =
  | { type: "string" | "boolean" | "number" | "integer" }
  | { type: "array"; items: TypeSpec }
  | { type: "object"; additionalProperties: TypeSpec }
  | { $ref: string };

export type PropertySpec = TypeSpec & {
  description?: string;
  default?: string | number | boolean;
  defaultInfo?: { environment: string[] };
  secret?: boolean;
  replaceOnChanges?: boolean;
  deprecationMessage?: string;
};

export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface EnumTypeSpec {
  type: "string";
  description?: string;
  enum: { name: string; value: string }[];
}

export interface ResourceSpec {
  description: string;
  properties: Record<string, PropertySpec>;
  required: string[];
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
}

/** A function (an invoke): its arguments and its result as object types. */
export interface FunctionSpec {
  description: string;
  /** Absent for a function without arguments. */
  inputs?: ObjectTypeSpec;
  outputs: ObjectTypeSpec;
}

export interface PackageSpec {
  name: string;
  displayName: string;
  version: string;
  pluginDownloadURL: string;
  description: string;
  keywords: string[];
  homepage?: string;
  repository?: string;
  license: string;
  publisher: string;
  meta: { moduleFormat: string; supportPack: boolean };
  config: { variables: Record<string, PropertySpec> };
  provider: {
    description: string;
    inputProperties: Record<string, PropertySpec>;
    properties: Record<string, PropertySpec>;
  };
  types: Record<string, ObjectTypeSpec | EnumTypeSpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  language: Record<string, unknown>;
}
