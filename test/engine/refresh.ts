/**
 * `pulumi refresh` without running the program: Read every dynamic resource through its own
 * `__provider` and take what the provider reports as the new state. A resource whose outputs changed is
 * reported as a "refresh" step with the drifted keys; one the provider no longer finds is dropped
 * ("delete", as the CLI shows it). Up to `parallel` reads run at once. Inputs the provider's read
 * returns replace the stored inputs (the dynamic provider sets ReadResponse.inputs when `read` returns
 * `inputs`; RefreshStep.Apply in pulumi/pulumi pkg/resource/deploy/step.go keeps them), so the next diff
 * and `ignoreChanges` start from them.
 */
import pLimit from "p-limit";
import { stepFailure } from "./diagnostics";
import type { DynamicProviderHost } from "./provider-client";
import { annotateSecrets, changedKeys, markSecretKeys } from "./properties";
import { refFor, stepFor } from "./resource-ops";
import type { ResourceState } from "./state";
import type { LogEntry, Step } from "./types";
import { dynamicProviderType, isDynamicResourceType } from "./urn";

export interface RefreshOutcome {
  steps: Step[];
  resources: ResourceState[];
  failed: boolean;
}

export async function refreshResources(
  olds: readonly ResourceState[],
  providers: DynamicProviderHost,
  /** `--target`: only these are read; undefined means every resource. */
  targets: ReadonlySet<string> | undefined,
  parallel: number,
  log: (entry: LogEntry) => void,
): Promise<RefreshOutcome> {
  const slots = pLimit(parallel);
  let failed = false;
  // Reads are independent: up to `parallel` at once; results stay in state order.
  const outcomes = await Promise.all(
    olds.map((old) =>
      slots(async (): Promise<{ step?: Step; state?: ResourceState }> => {
        if (!old.custom || old.type === dynamicProviderType || !isDynamicResourceType(old.type)) {
          return { state: old };
        }
        if (targets && !targets.has(old.urn)) return { state: old };
        // What was not refreshed stays as it was.
        if (failed) return { state: old };
        let refreshed: ResourceState | undefined;
        try {
          refreshed = await refreshOne(old, providers);
        } catch (err) {
          for (const entry of stepFailure(old.urn, err).diagnostics) log(entry);
          failed = true;
          return { state: old };
        }
        if (!refreshed) return { step: stepFor("delete", old.urn) };
        const diffs = changedKeys(old.outputs, refreshed.outputs);
        const step = diffs.length > 0 ? { ...stepFor("refresh", old.urn), diffs } : stepFor("same", old.urn);
        return { step, state: refreshed };
      }),
    ),
  );
  return {
    steps: outcomes.flatMap((outcome) => (outcome.step ? [outcome.step] : [])),
    resources: outcomes.flatMap((outcome) => (outcome.state ? [outcome.state] : [])),
    failed,
  };
}

async function refreshOne(
  old: ResourceState,
  providers: DynamicProviderHost,
): Promise<ResourceState | undefined> {
  const client = await providers.client();
  const read = await client.read(refFor(old), old.id ?? "", old.outputs, old.inputs);
  if (!read.id) return undefined;
  // What was secret stays secret: the provider answers in plain text (acceptSecrets=false).
  const outputs = markSecretKeys(
    annotateSecrets(read.outputs, old.outputs),
    old.additionalSecretOutputs ?? [],
  );
  const inputs = read.inputs ? annotateSecrets(read.inputs, old.inputs) : old.inputs;
  return { ...old, id: read.id, inputs, outputs, modified: new Date().toISOString() };
}
