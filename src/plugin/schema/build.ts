import type { z } from "zod";
import { metaOf, type PropertyMeta, type ResourceDefinition } from "../../resources/shared/definition";
import { SECRETS_GIVEN_PLAIN } from "../../resources/shared/secrets-given-plain";
import { functionTokenOf, type PluginFunctionDefinition } from "../functions";
import { MODULE, PACKAGE_NAME, PLUGIN_DOWNLOAD_URL, tokenOf } from "../resources";
import type { DocNode } from "./docs";
import type { FunctionSpec, ObjectTypeSpec, PackageSpec, PropertySpec, ResourceSpec } from "./spec";
import { isRequiredInput, isRequiredOutput, TypeCollector } from "./types";

export interface DocumentedResource {
  definition: ResourceDefinition<z.ZodRawShape, z.ZodRawShape>;
  docs: { inputs: DocNode; outputs: DocNode };
}

export interface DocumentedFunction {
  definition: Pick<PluginFunctionDefinition, "name" | "description" | "args" | "result">;
  docs: { args: DocNode; result: DocNode };
}

export interface SchemaSources {
  /** package.json's: version, description, license, homepage (the GitHub repository). */
  packageJson: { version: string; description: string; license: string; homepage: string };
  resources: readonly DocumentedResource[];
  functions: readonly DocumentedFunction[];
  settings: { shape: z.ZodRawShape; docs: DocNode; environmentOf(name: string): string | undefined };
  /**
   * The examples block of a resource or function, by its name (`Connector`, `getApps`), or "" for none; it
   * follows the description, before a resource's "## Import" section.
   */
  examples(name: string): string;
}

/** The `pulumi` versions the Python SDK declares. */
export const PYTHON_PULUMI_RANGE = ">=3.269.0,<4.0.0";

/**
 * The `@pulumi/pulumi` versions the Node.js SDK declares: from 3.142.0, which its code needs without the
 * `exists` methods that tools/pulumi/sdkgen leaves out (the generator's own floor, ^3.269.0, is for those, and
 * @pulumi/pulumi needs Node.js 22 from 3.249.0). Node.js 20 programs on 3.248 install it, as do programs on
 * the newest.
 */
export const NODE_PULUMI_RANGE = "^3.142.0";

/** The README of the Node.js and Python SDKs (what npm and PyPI show). */
const SDK_README = [
  "Pulumi resources for the connectors (integrations) of the Trigger and Integration Management API: connectors,",
  "integration state, connected accounts, trigger instances, the account's trigger webhook and data functions.",
  "",
  "The provider plugin `pulumi-resource-integrations` downloads itself from the project's GitHub releases at the",
  "first `pulumi up` (it runs on Node.js 20 or later, which must be on `PATH`). Configure it with",
  "`pulumi config set --secret integrations:apiKey <key>` (or `INTEGRATIONS_API_KEY`) and `integrations:baseUrl`",
  "(or `INTEGRATIONS_BASE_URL`).",
  "",
  "Documentation and examples: https://github.com/pulumi-integrations/pulumi-integrations",
  "",
].join("\n");

/** The language sections: the SDKs' names, which are fixed (programs install and import the SDKs by them). */
const LANGUAGE = {
  nodejs: {
    packageName: "@pulumi-integrations/sdk",
    respectSchemaVersion: true,
    readme: SDK_README,
    dependencies: { "@pulumi/pulumi": NODE_PULUMI_RANGE },
  },
  python: {
    packageName: "pulumi_integrations",
    respectSchemaVersion: true,
    readme: SDK_README,
    pyproject: { enabled: true },
    // The range of `pulumi` the generated code works with: the generator's own floor (pkg/v3 v3.276.0 writes
    // `>=3.269.0,<4.0.0` when a schema names none: its `exists` methods call `pulumi.runtime.exists_resource`,
    // new in 3.269.0), so the SDK installs beside any Pulumi 3 from then on. Both ends are tested:
    // test/release/python-wheel.test.ts runs the quickstart with the wheel on 3.269.0 and on the newest on PyPI.
    requires: { pulumi: PYTHON_PULUMI_RANGE },
  },
  go: {
    importBasePath: "github.com/pulumi-integrations/pulumi-integrations/sdk/go/integrations",
    generateResourceContainerTypes: true,
    respectSchemaVersion: true,
  },
  // Java package io.github.pulumiintegrations.integrations (<basePackage>.<name>); Maven builds it from the
  // pom.xml the SDK generator writes (tools/pulumi-java/sdkgen), so no Gradle files. The dependencies are the
  // SDK's compile classpath: the Java SDK its quickstart runs on (examples/java-quickstart/pom.xml, which
  // test/plugin/schema.test.ts keeps the same), and the gson and jsr305 the generated code uses, at the
  // versions that SDK brings.
  java: {
    basePackage: "io.github.pulumiintegrations",
    buildFiles: "none",
    dependencies: {
      "com.pulumi:pulumi": "1.16.0",
      "com.google.code.gson:gson": "2.10",
      "com.google.code.findbugs:jsr305": "3.0.2",
    },
  },
};

/**
 * The plugin's Pulumi package schema, derived from the definitions: nothing in it is written by hand but the
 * package's names above. Property types come from the zod shapes, descriptions from the doc comments on the
 * keys, `secret`/`replaceOnChanges` from the `property(...)` flags; `internal` properties are left out.
 */
export function buildSchema(sources: SchemaSources): PackageSpec {
  const types = new TypeCollector(`${PACKAGE_NAME}:${MODULE}:`);
  const resources: Record<string, ResourceSpec> = {};
  for (const { definition, docs } of sources.resources) {
    resources[tokenOf(definition)] = resourceSpec(types, definition, docs, sources.examples(definition.name));
  }
  const functions: Record<string, FunctionSpec> = {};
  for (const { definition, docs } of sources.functions) {
    functions[functionTokenOf(definition)] = functionSpec(
      types,
      definition,
      docs,
      sources.examples(definition.name),
    );
  }
  const settings = settingsSpec(types, sources.settings);
  return {
    name: PACKAGE_NAME,
    displayName: "Integrations",
    version: sources.packageJson.version,
    // Every generated SDK carries it (Node.js package.json `pulumi.server`, Python and Go pulumi-plugin.json,
    // the default resource options), so a program's first `pulumi up` downloads the plugin by itself.
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    description: sources.packageJson.description,
    keywords: ["pulumi", "integrations", "kind/native", "category/utility"],
    license: sources.packageJson.license,
    homepage: sources.packageJson.homepage,
    repository: sources.packageJson.homepage,
    publisher: "pulumi-integrations",
    // supportPack: the SDKs carry the schema's version, and the Go SDK gets its own go.mod (sdk/go, which
    // programs reach with a `replace`) (tools/pulumi/sdkgen/main.go).
    meta: { moduleFormat: "(.*)", supportPack: true },
    config: { variables: settings },
    provider: {
      description:
        "The provider of the integrations package. Without an explicit provider, resources use the stack " +
        "config (`integrations:apiKey`, `integrations:baseUrl`, ...), falling back to the environment.",
      inputProperties: settings,
      properties: Object.fromEntries(
        Object.entries(settings).map(([key, { default: _default, defaultInfo: _info, ...spec }]) => [
          key,
          spec,
        ]),
      ),
    },
    types: sortedByKey(types.types),
    resources,
    functions,
    language: LANGUAGE,
  };
}

function resourceSpec(
  types: TypeCollector,
  definition: ResourceDefinition<z.ZodRawShape, z.ZodRawShape>,
  docs: { inputs: DocNode; outputs: DocNode },
  examples: string,
): ResourceSpec {
  const { inputs, outputs } = definition;
  // A key's flags and doc may be given on either side: the input and the output are one property to users.
  const flagsOf = (key: string): PropertyMeta => ({
    ...(outputs[key] && metaOf(outputs[key] as z.ZodType)),
    ...(inputs[key] && metaOf(inputs[key] as z.ZodType)),
  });
  const docOf = (key: string, first: DocNode, second: DocNode): DocNode | undefined => {
    const mine = first.properties?.[key];
    const description = mine?.description || second.properties?.[key]?.description || "";
    return mine ? { ...mine, description } : undefined;
  };
  // A credentials input whose plain values the provider records (SECRETS_GIVEN_PLAIN) is not flagged secret
  // among the inputs: every generated SDK, and Pulumi YAML, make a secret input secret before they send it,
  // which would erase what the program gave. The provider's Check makes it secret before the engine stores or
  // shows it; as an output it keeps the flag.
  const inputFlagsOf = (key: string): PropertyMeta => {
    const { secret, ...flags } = flagsOf(key);
    return SECRETS_GIVEN_PLAIN in inputs ? flags : { ...flags, ...(secret && { secret }) };
  };
  const visible = (shape: z.ZodRawShape) =>
    Object.entries(shape).filter(([key]) => !flagsOf(key).internal) as [string, z.ZodType][];

  const inputProperties: Record<string, PropertySpec> = {};
  for (const [key, schema] of visible(inputs)) {
    inputProperties[key] = types.property(
      schema,
      docOf(key, docs.inputs, docs.outputs),
      key,
      inputFlagsOf(key),
    );
  }
  const properties: Record<string, PropertySpec> = {};
  for (const [key, schema] of visible(outputs)) {
    const { default: _default, ...spec } = types.property(
      schema,
      docOf(key, docs.outputs, docs.inputs),
      key,
      flagsOf(key),
    );
    properties[key] = spec;
  }
  return {
    description: definition.description + paragraph(examples) + importSection(definition),
    properties,
    required: visible(outputs)
      .filter(([, schema]) => isRequiredOutput(schema))
      .map(([key]) => key),
    inputProperties,
    requiredInputs: visible(inputs)
      .filter(([, schema]) => isRequiredInput(schema))
      .map(([key]) => key),
  };
}

/**
 * A function's arguments (with their defaults and deprecation messages) and its result (always present keys
 * required), described from the doc comments on their keys.
 */
function functionSpec(
  types: TypeCollector,
  definition: DocumentedFunction["definition"],
  docs: DocumentedFunction["docs"],
  examples: string,
): FunctionSpec {
  const objectType = (shape: z.ZodRawShape, doc: DocNode, side: "args" | "result"): ObjectTypeSpec => {
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const [key, schema] of Object.entries(shape) as [string, z.ZodType][]) {
      const spec = types.property(schema, doc.properties?.[key], key, metaOf(schema));
      if (side === "result") delete spec.default;
      properties[key] = spec;
      if (side === "args" ? isRequiredInput(schema) : isRequiredOutput(schema)) required.push(key);
    }
    return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
  };
  const hasArgs = Object.keys(definition.args).length > 0;
  return {
    description: definition.description + paragraph(examples),
    ...(hasArgs ? { inputs: objectType(definition.args, docs.args, "args") } : {}),
    outputs: objectType(definition.result, docs.result, "result"),
  };
}

/** A section after the description, a blank line between them; nothing for "". */
function paragraph(section: string): string {
  return section ? `\n\n${section}` : "";
}

/** The "## Import" section Pulumi's docs show for an importable resource. */
function importSection(definition: ResourceDefinition<z.ZodRawShape, z.ZodRawShape>): string {
  if (!definition.import) return "";
  const { id, unreadableInputs, notes } = definition.import;
  const unreadable =
    unreadableInputs.length === 0
      ? ""
      : ` A read cannot return ${unreadableInputs.join("; ")}: give them in the program, and the first ` +
        "`pulumi up` after the import brings them under management.";
  return (
    `\n\n## Import\n\nAn existing ${definition.name} is imported by its id, ${id}:\n\n` +
    `\`\`\`sh\n$ pulumi import ${tokenOf(definition)} <name> <id>\n\`\`\`\n\n` +
    `The import reads it by that id alone.${unreadable}\n` +
    (notes ? `\n${notes}\n` : "")
  );
}

function settingsSpec(
  types: TypeCollector,
  settings: SchemaSources["settings"],
): Record<string, PropertySpec> {
  const variables: Record<string, PropertySpec> = {};
  for (const [key, schema] of Object.entries(settings.shape) as [string, z.ZodType][]) {
    const spec = types.property(schema, settings.docs.properties?.[key], key, metaOf(schema));
    const environment = settings.environmentOf(key);
    variables[key] = environment ? { ...spec, defaultInfo: { environment: [environment] } } : spec;
  }
  return variables;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
