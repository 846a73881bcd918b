/**
 * What an existing resource's registration becomes: same, update or replace, and in which order a
 * replacement runs (stepGenerator.diff and continueStepsFromDiff in pulumi/pulumi
 * pkg/resource/deploy/step_generator.go).
 */
import { changedKeys } from "./properties";
import type { PropertyMap } from "./properties";
import { matchesReplaceOnChanges } from "./property-paths";
import type { DynamicProviderClient, ResourceRef } from "./provider-client";
import type { Registration } from "./monitor";
import type { ResourceState } from "./state";

export interface Plan {
  kind: "same" | "update" | "replace";
  diffs: string[];
  replaces: string[];
  deleteBeforeReplace: boolean;
}

/**
 * The provider's diff first; "unknown" (a provider without `diff`) means compare the inputs here. A
 * targeted replacement (`--replace`) is not diffed at all.
 */
export async function planChange(
  pending: { provider: DynamicProviderClient; ref: ResourceRef; registration: Registration },
  old: ResourceState,
  inputs: PropertyMap,
  targetedReplace: boolean,
): Promise<Plan> {
  const { provider, ref, registration } = pending;
  if (targetedReplace) {
    // stepGenerator.diff: a replacement blamed on "id"; only the resource option (not the provider) can
    // make it delete-before-replace.
    return {
      kind: "replace",
      diffs: [],
      replaces: ["id"],
      deleteBeforeReplace: registration.deleteBeforeReplace ?? false,
    };
  }
  const diff = await provider.diff(
    ref,
    old.id ?? "",
    old.outputs,
    old.inputs,
    inputs,
    registration.ignoreChanges,
  );
  const changed = changedKeys(old.inputs, inputs);
  const changes = diff.changes === "some" || (diff.changes === "unknown" && changed.length > 0);
  if (!changes) {
    // continueStepsFromDiff: an unchanged resource with initErrors gets an (empty) update, to retry its
    // initialisation.
    const kind = (old.initErrors ?? []).length > 0 ? "update" : "same";
    return { kind, diffs: [], replaces: [], deleteBeforeReplace: false };
  }
  const diffs = diff.diffs.length > 0 ? diff.diffs : changed;
  // replaceOnChanges is matched against the keys the provider reported changed; only an "unknown" diff has
  // them computed by the engine (step_generator.go, diffResource and applyReplaceOnChanges). The SDK's
  // dynamic provider reports none, so on a dynamic resource with a `diff` the option changes nothing.
  const reported = diff.changes === "unknown" ? changed : diff.diffs;
  const replaces = [
    ...new Set([...diff.replaces, ...matchesReplaceOnChanges(reported, registration.replaceOnChanges)]),
  ];
  return {
    kind: replaces.length > 0 ? "replace" : "update",
    diffs,
    replaces,
    // The resource option, when the program set it, wins over the provider's answer.
    deleteBeforeReplace: registration.deleteBeforeReplace ?? diff.deleteBeforeReplace,
  };
}
