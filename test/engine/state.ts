/**
 * The stack's state, kept as a checkpoint file shaped like the local backend's
 * (`.pulumi/stacks/<project>/<stack>.json`, apitype.CheckpointV3/DeploymentV3/ResourceV3 in pulumi/pulumi
 * sdk/go/common/apitype/core.go). In memory secrets are plain `{sig, value}` objects; on disk each is
 * `{sig, ciphertext}` sealed by the passphrase crypter, so no secret is readable in the file.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import {
  isPropertyMap,
  isSecret,
  secretSig,
  specialSigKey,
  toPropertyValue,
  unwrapSecrets,
} from "./properties";
import type { PropertyMap, PropertyValue } from "./properties";
import type { PassphraseCrypter } from "./secrets";

export interface ResourceState {
  urn: string;
  custom: boolean;
  /** A pending deletion: the old half of a create-before-delete replacement. */
  delete?: boolean;
  id?: string;
  type: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
  parent?: string;
  protect?: boolean;
  /** Dropped from state without a provider Delete when deleted (the `retainOnDelete` option). */
  retainOnDelete?: boolean;
  /** Read with `Resource.get`: not managed by this stack. */
  external?: boolean;
  dependencies: string[];
  initErrors?: string[];
  /** `<provider urn>::<provider id>`. */
  provider?: string;
  propertyDependencies: Record<string, string[]>;
  additionalSecretOutputs?: string[];
  ignoreChanges?: string[];
  replaceOnChanges?: string[];
  created?: string;
  modified?: string;
}

const jsonValue = z.json();

const resourceSchema = z.object({
  urn: z.string(),
  custom: z.boolean(),
  delete: z.boolean().optional(),
  id: z.string().optional(),
  type: z.string(),
  inputs: z.record(z.string(), jsonValue).optional(),
  outputs: z.record(z.string(), jsonValue).optional(),
  parent: z.string().optional(),
  protect: z.boolean().optional(),
  retainOnDelete: z.boolean().optional(),
  external: z.boolean().optional(),
  dependencies: z.array(z.string()).optional(),
  initErrors: z.array(z.string()).optional(),
  provider: z.string().optional(),
  propertyDependencies: z.record(z.string(), z.array(z.string())).optional(),
  additionalSecretOutputs: z.array(z.string()).optional(),
  ignoreChanges: z.array(z.string()).optional(),
  replaceOnChanges: z.array(z.string()).optional(),
  created: z.string().optional(),
  modified: z.string().optional(),
});

/** resource.OperationType in pulumi/pulumi pkg/resource/operation.go. */
const operationTypeSchema = z.enum(["creating", "updating", "deleting", "reading", "importing"]);
export type OperationType = z.infer<typeof operationTypeSchema>;

const operationSchema = z.object({ resource: resourceSchema, type: operationTypeSchema });

/** A provider call begun but not seen to end: apitype.OperationV2. */
export interface PendingOperation {
  resource: ResourceState;
  type: OperationType;
}

/** What a deployment starts from: the resources and the operations a killed CLI left pending. */
export interface Snapshot {
  resources: ResourceState[];
  pendingOperations: PendingOperation[];
}

const checkpointSchema = z.object({
  version: z.literal(3),
  checkpoint: z.object({
    stack: z.string().optional(),
    latest: z
      .object({
        manifest: z.object({ time: z.string(), magic: z.string(), version: z.string() }),
        secrets_providers: z.object({ type: z.literal("passphrase"), state: z.object({ salt: z.string() }) }),
        resources: z.array(resourceSchema).optional(),
        pending_operations: z.array(operationSchema).optional(),
      })
      .optional(),
  }),
});

export type Checkpoint = z.infer<typeof checkpointSchema>;

export class StateFile {
  constructor(readonly path: string) {}

  /** The raw file, or undefined when the stack has never been deployed. */
  async text(): Promise<string | undefined> {
    try {
      return await readFile(this.path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  }

  async checkpoint(): Promise<Checkpoint | undefined> {
    const text = await this.text();
    return text === undefined ? undefined : checkpointSchema.parse(JSON.parse(text));
  }

  /** The salt state of an existing stack, needed to open its secrets. */
  async saltState(): Promise<string | undefined> {
    return (await this.checkpoint())?.checkpoint.latest?.secrets_providers.state.salt;
  }

  async load(crypter: PassphraseCrypter): Promise<ResourceState[]> {
    return (await this.snapshot(crypter)).resources;
  }

  async snapshot(crypter: PassphraseCrypter): Promise<Snapshot> {
    const latest = (await this.checkpoint())?.checkpoint.latest;
    return {
      resources: (latest?.resources ?? []).map((resource) => deserializeResource(resource, crypter)),
      pendingOperations: (latest?.pending_operations ?? []).map((operation) => ({
        type: operation.type,
        resource: deserializeResource(operation.resource, crypter),
      })),
    };
  }

  async save(
    stackName: string,
    resources: readonly ResourceState[],
    crypter: PassphraseCrypter,
    pendingOperations: readonly PendingOperation[] = [],
  ): Promise<void> {
    const checkpoint: Checkpoint = {
      version: 3,
      checkpoint: {
        stack: stackName,
        latest: {
          manifest: { time: new Date().toISOString(), magic: "", version: "test-engine" },
          secrets_providers: { type: "passphrase", state: { salt: crypter.saltState } },
          resources: resources.map((resource) => serializeResource(resource, crypter)),
          // DeploymentV3's `pending_operations,omitempty`.
          pending_operations:
            pendingOperations.length > 0
              ? pendingOperations.map((operation) => ({
                  resource: serializeResource(operation.resource, crypter),
                  type: operation.type,
                }))
              : undefined,
        },
      },
    };
    await mkdir(dirname(this.path), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${this.path}.tmp`;
    await writeFile(temporary, `${JSON.stringify(checkpoint, null, 4)}\n`);
    await rename(temporary, this.path);
  }
}

type SerializedResource = z.infer<typeof resourceSchema>;

function deserializeResource(resource: SerializedResource, crypter: PassphraseCrypter): ResourceState {
  return {
    ...resource,
    inputs: decryptMap(resource.inputs ?? {}, crypter),
    outputs: decryptMap(resource.outputs ?? {}, crypter),
    dependencies: resource.dependencies ?? [],
    propertyDependencies: resource.propertyDependencies ?? {},
  };
}

/** Field order and omitted empties follow ResourceV3's JSON (`omitempty`; JSON.stringify drops undefined). */
function serializeResource(resource: ResourceState, crypter: PassphraseCrypter): SerializedResource {
  return {
    urn: resource.urn,
    custom: resource.custom,
    delete: resource.delete || undefined,
    id: resource.id,
    type: resource.type,
    inputs: encryptMap(resource.inputs, crypter),
    outputs: encryptMap(resource.outputs, crypter),
    parent: resource.parent || undefined,
    protect: resource.protect || undefined,
    external: resource.external || undefined,
    dependencies: nonEmpty(resource.dependencies),
    initErrors: nonEmpty(resource.initErrors),
    provider: resource.provider || undefined,
    propertyDependencies:
      Object.keys(resource.propertyDependencies).length > 0 ? resource.propertyDependencies : undefined,
    additionalSecretOutputs: nonEmpty(resource.additionalSecretOutputs),
    retainOnDelete: resource.retainOnDelete || undefined,
    ignoreChanges: nonEmpty(resource.ignoreChanges),
    replaceOnChanges: nonEmpty(resource.replaceOnChanges),
    created: resource.created,
    modified: resource.modified,
  };
}

function nonEmpty(list: string[] | undefined): string[] | undefined {
  return list && list.length > 0 ? list : undefined;
}

function encryptMap(map: PropertyMap, crypter: PassphraseCrypter): PropertyMap {
  const result: PropertyMap = {};
  for (const [key, value] of Object.entries(map)) result[key] = encryptValue(value, crypter);
  return result;
}

function encryptValue(value: PropertyValue, crypter: PassphraseCrypter): PropertyValue {
  if (isSecret(value)) {
    const plaintext = JSON.stringify(unwrapSecrets(value.value));
    return { [specialSigKey]: secretSig, ciphertext: crypter.encrypt(plaintext) };
  }
  if (Array.isArray(value)) return value.map((item) => encryptValue(item, crypter));
  if (isPropertyMap(value)) return encryptMap(value, crypter);
  return value;
}

function decryptMap(map: Record<string, unknown>, crypter: PassphraseCrypter): PropertyMap {
  const result: PropertyMap = {};
  for (const [key, value] of Object.entries(map)) result[key] = decryptValue(toPropertyValue(value), crypter);
  return result;
}

function decryptValue(value: PropertyValue, crypter: PassphraseCrypter): PropertyValue {
  if (isPropertyMap(value) && value[specialSigKey] === secretSig && typeof value.ciphertext === "string") {
    const plaintext: unknown = JSON.parse(crypter.decrypt(value.ciphertext));
    return { [specialSigKey]: secretSig, value: toPropertyValue(plaintext) };
  }
  if (Array.isArray(value)) return value.map((item) => decryptValue(item, crypter));
  if (isPropertyMap(value)) return decryptMap(value, crypter);
  return value;
}
