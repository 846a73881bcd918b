/**
 * What a stack's state costs per resource. Two sizes of the same state: the checkpoint file the file backend
 * writes after every step (compact JSON, the size each write of a large stack pays), and `pulumi stack export`
 * (the same content, indented). And of each benchmark resource's own record, as compact JSON: the engine's
 * fields (URN, type, parent, provider reference, property dependencies, timestamps, the program's stack trace),
 * its inputs, its outputs, and the part of those two that is the serialized dynamic provider (`__provider`).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { PulumiStack } from "../../tools/pulumi/stack";

const PROVIDER_KEY = "__provider";

/** Bytes per resource, averaged over the benchmark's resources. */
export interface RecordBytes {
  total: number;
  engine: number;
  /** Inputs and outputs without `__provider`. */
  inputs: number;
  outputs: number;
  /** `"__provider":"..."` in inputs and outputs together (0 for a plugin's resource). */
  provider: number;
}

export interface StateSize {
  /** The checkpoint file, as the backend stores it. */
  storedBytes: number;
  /** `pulumi stack export`'s output. */
  exportBytes: number;
  /** How many resources the state holds, the stack and the provider included. */
  resources: number;
  /** One benchmark resource's record (the mean over those whose name starts with the prefix). */
  record: RecordBytes;
  /** The providers of those resources, as `<type>::<name>` of their URNs: which plugin served them. */
  providers: string[];
}

interface ExportedResource {
  urn: string;
  provider?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

export async function stateSize(stack: PulumiStack, prefix = "connector-"): Promise<StateSize> {
  const text = await stack.stateText();
  const resources =
    (JSON.parse(text) as { deployment: { resources?: ExportedResource[] } }).deployment.resources ?? [];
  const measured = resources.filter((resource) => (resource.urn.split("::").pop() ?? "").startsWith(prefix));
  if (measured.length === 0) throw new Error(`the state holds no resource named ${prefix}*`);
  const records = measured.map(recordBytes);
  const mean = (pick: (record: RecordBytes) => number) =>
    Math.round(records.reduce((sum, record) => sum + pick(record), 0) / records.length);
  return {
    storedBytes: statSync(checkpointFile(stack)).size,
    exportBytes: Buffer.byteLength(text),
    resources: resources.length,
    record: {
      total: mean((record) => record.total),
      engine: mean((record) => record.engine),
      inputs: mean((record) => record.inputs),
      outputs: mean((record) => record.outputs),
      provider: mean((record) => record.provider),
    },
    providers: [...new Set(measured.map((resource) => providerName(resource.provider ?? "")))],
  };
}

function recordBytes(resource: ExportedResource): RecordBytes {
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const providerBytes = (properties: Record<string, unknown> | undefined) =>
    properties?.[PROVIDER_KEY] === undefined
      ? 0
      : bytes({ [PROVIDER_KEY]: properties[PROVIDER_KEY] }) - bytes({}) + 1; // and its comma
  const inputs = bytes(resource.inputs ?? {});
  const outputs = bytes(resource.outputs ?? {});
  const providerIn = providerBytes(resource.inputs);
  const providerOut = providerBytes(resource.outputs);
  const total = bytes(resource);
  return {
    total,
    engine: total - inputs - outputs,
    inputs: inputs - providerIn,
    outputs: outputs - providerOut,
    provider: providerIn + providerOut,
  };
}

/** `<type>::<name>` of a provider reference (`<urn>::<id>`), e.g. `pulumi:providers:integrations::default_0_1_0`. */
function providerName(reference: string): string {
  return reference.split("::").slice(2, 4).join("::");
}

/** The stack's checkpoint: `<backend>/.pulumi/stacks/<project>/<stack>.json` for the file backend. */
function checkpointFile(stack: PulumiStack): string {
  const file = join(stack.workDir, "state", ".pulumi", "stacks", stack.project, `${stack.stackName}.json`);
  try {
    statSync(file);
    return file;
  } catch {
    const found = readdirSync(join(stack.workDir, "state", ".pulumi", "stacks"), { recursive: true });
    throw new Error(`no checkpoint at ${file} (the backend holds ${found.join(", ")})`);
  }
}
