/**
 * A stack's state as `pulumi stack export` prints it (`{ version: 3, deployment }`). With `--show-secrets`
 * every secret is `{ [sig]: secretSig, plaintext: "<JSON text>" }`; `decrypted` turns those into
 * `{ [sig]: secretSig, value }`, still marked, so that a test can tell a secret from a plain value.
 */
import { z } from "zod";

/** The constants Pulumi's SDKs and engine mark unknown and secret values with. */
export const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
export const specialSigKey = "4dabf18193072939515e22adb298388d";
export const secretSig = "1b47061264138c4ac30d75fd1eb44270";

export type PropertyValue = null | boolean | number | string | PropertyValue[] | PropertyMap;
export interface PropertyMap {
  [key: string]: PropertyValue;
}

export function isPropertyMap(value: PropertyValue | undefined): value is PropertyMap {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isSecret(value: PropertyValue | undefined): value is PropertyMap & { value: PropertyValue } {
  return isPropertyMap(value) && value[specialSigKey] === secretSig;
}

/** Removes every secret marker, at any depth. */
export function unwrapSecrets(value: PropertyValue): PropertyValue {
  if (isSecret(value)) return unwrapSecrets(value.value ?? null);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (isPropertyMap(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)]));
  return value;
}

const properties = z.record(z.string(), z.json()).optional();

const resourceSchema = z.object({
  urn: z.string(),
  custom: z.boolean(),
  delete: z.boolean().optional(),
  id: z.string().optional(),
  type: z.string(),
  inputs: properties,
  outputs: properties,
  parent: z.string().optional(),
  protect: z.boolean().optional(),
  retainOnDelete: z.boolean().optional(),
  external: z.boolean().optional(),
  dependencies: z.array(z.string()).optional(),
  initErrors: z.array(z.string()).optional(),
  provider: z.string().optional(),
  propertyDependencies: z.record(z.string(), z.array(z.string())).optional(),
  pendingReplacement: z.boolean().optional(),
  additionalSecretOutputs: z.array(z.string()).optional(),
  aliases: z.array(z.string()).optional(),
  ignoreChanges: z.array(z.string()).optional(),
  replaceOnChanges: z.array(z.string()).optional(),
  created: z.string().optional(),
  modified: z.string().optional(),
});

/** The kinds of a pending operation in the checkpoint. */
const operationTypeSchema = z.enum(["creating", "updating", "deleting", "reading", "importing"]);
export type OperationType = z.infer<typeof operationTypeSchema>;

export const exportedDeploymentSchema = z.object({
  version: z.literal(3),
  deployment: z.object({
    resources: z.array(resourceSchema).optional(),
    pending_operations: z.array(z.object({ resource: resourceSchema, type: operationTypeSchema })).optional(),
  }),
});
export type ExportedDeployment = z.infer<typeof exportedDeploymentSchema>;

export interface ResourceState extends Omit<z.infer<typeof resourceSchema>, "inputs" | "outputs"> {
  inputs: PropertyMap;
  outputs: PropertyMap;
  dependencies: string[];
}

export interface PendingOperation {
  resource: ResourceState;
  type: OperationType;
}

export interface Snapshot {
  resources: ResourceState[];
  pendingOperations: PendingOperation[];
}

/** The snapshot of a `pulumi stack export --show-secrets`, secrets opened but still marked. */
export function decryptedSnapshot(exported: ExportedDeployment): Snapshot {
  const open = (resource: z.infer<typeof resourceSchema>): ResourceState => ({
    ...resource,
    inputs: openMap(resource.inputs ?? {}),
    outputs: openMap(resource.outputs ?? {}),
    dependencies: resource.dependencies ?? [],
  });
  return {
    resources: (exported.deployment.resources ?? []).map(open),
    pendingOperations: (exported.deployment.pending_operations ?? []).map((operation) => ({
      type: operation.type,
      resource: open(operation.resource),
    })),
  };
}

function openMap(map: Record<string, unknown>): PropertyMap {
  return Object.fromEntries(
    Object.entries(map).map(([key, value]) => [key, openValue(value as PropertyValue)]),
  );
}

function openValue(value: PropertyValue): PropertyValue {
  if (isPropertyMap(value) && value[specialSigKey] === secretSig && typeof value.plaintext === "string")
    return { [specialSigKey]: secretSig, value: openValue(JSON.parse(value.plaintext) as PropertyValue) };
  if (Array.isArray(value)) return value.map(openValue);
  if (isPropertyMap(value)) return openMap(value);
  return value;
}

export const rootStackType = "pulumi:pulumi:Stack";

/** The resource's name: what follows the type in its URN. */
export function urnName(urn: string): string {
  return urn.split("::").slice(3).join("::");
}
