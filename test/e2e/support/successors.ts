/**
 * One scenario of test/e2e/successors.test.ts and test/plugin/successors.test.ts: a TriggerWebhook and an
 * IntegrationState (`onDelete: "restore"`) created in the program's `original` layout over an account whose
 * callback URL and integration were set outside the stack, then given a successor (a rename, a move into a
 * component, with or without aliases, or `pulumi up --replace`), checked with `pulumi preview --refresh
 * --expect-no-changes`, and destroyed. Both front ends run the same commands on the same program config.
 */
import type { ApiClient } from "../../../src/client";
import type { RunningEmulator } from "../../../src/emulator";
import type { PulumiStack } from "../../../tools/pulumi/stack";
import type { ResourceState } from "../../../tools/pulumi/state";
import type { OperationResult } from "../../../tools/pulumi/types";

/** The account's URL before any stack (U0), and the one the program sets. */
export const FOUND_URL = "https://hooks.example.com/before-the-stack";
export const STACK_URL = "https://hooks.example.com/from-the-stack";

export interface Remote {
  url: string | undefined;
  enabled: boolean;
}

/** The logical names of the TriggerWebhook and the IntegrationState. */
export interface Names {
  hook: string;
  state: string;
}

export const ORIGINAL: Names = { hook: "hook", state: "state" };
export const RENAMED: Names = { hook: "hook-renamed", state: "state-renamed" };

export interface SuccessorTypes {
  hook: string;
  state: string;
}

export interface Outcome {
  /** `pulumi up` of the original layout. */
  start: OperationResult;
  /** The `pulumi up --target` of `targetFirst`, if any. */
  targeted?: OperationResult;
  /** The `pulumi up` that gives the resources their successors (deletes the predecessors). */
  change: OperationResult & { writes: string[] };
  /** The account right after it, and the live resources state holds then. */
  remote: Remote;
  hook: ResourceState;
  state: ResourceState;
  /** `pulumi preview --refresh --expect-no-changes`. */
  check: OperationResult;
  destroy: OperationResult;
  /** The account after the destroy. */
  destroyed: Remote;
  /** Each command's cost, "up 3.1 s" and so on. */
  costs: string[];
}

export interface SuccessorWorld {
  stack: PulumiStack;
  emulator: RunningEmulator;
  client: ApiClient;
  integrationId: string;
  types: SuccessorTypes;
}

/**
 * `layout`: what the change's `up` runs with (`original` with `replace`). `replace`: `up --replace` of both
 * resources. `targetFirst`: URNs that a `pulumi up --target` creates first, in a deployment of its own, before
 * the change's `up`. `config`: more program config for the whole scenario (set first, removed at the end).
 */
export async function runScenario(
  world: SuccessorWorld,
  change: { layout: string; replace?: boolean; targetFirst?: string[]; config?: Record<string, string> },
): Promise<Outcome> {
  const { stack, client, integrationId } = world;
  const costs: string[] = [];
  const timed = async (label: string, command: () => Promise<OperationResult>, mayFail = false) => {
    const result = await command();
    costs.push(`${label} ${(result.durationMs / 1000).toFixed(1)} s`);
    if (result.error !== undefined && !mayFail)
      throw new Error(`${label} failed: ${result.error}\n${result.output}`);
    return result;
  };
  const remoteNow = async (): Promise<Remote> => ({
    url: await client.getCallbackUrl(),
    enabled: (await client.getIntegration(integrationId)).enabled,
  });

  // The account as someone left it before the stack: U0, and the integration enabled.
  await client.setCallbackUrl(FOUND_URL);
  await client.updateIntegration(integrationId, { enabled: true });
  for (const [key, value] of Object.entries(change.config ?? {})) await stack.setConfig(key, value);
  await stack.setConfig("layout", "original");
  const start = await timed("up", () => stack.up({ skipPreview: true }));

  if (!change.replace) await stack.setConfig("layout", change.layout);
  const wanted = new Set([world.types.hook, world.types.state]);
  const created = start.steps.filter((step) => step.op === "create" && wanted.has(step.type));
  const replace = change.replace ? created.map((step) => step.urn) : [];
  if (created.length !== 2)
    throw new Error(
      `the original layout's up created ${created.length} of 2 resources (state left by a failed scenario?)`,
    );
  const targeted = change.targetFirst
    ? await timed("up --target", () => stack.up({ skipPreview: true, targets: change.targetFirst }))
    : undefined;
  world.emulator.requestLog.clear();
  const changed = await timed(change.replace ? "up --replace" : `up (${change.layout})`, () =>
    stack.up({ skipPreview: true, replace }),
  );
  const writes = world.emulator.requestLog
    .entries()
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.route}`);
  const remote = await remoteNow();
  const [hook, state] = liveOf(await stack.resources(), world.types);

  const check = await timed(
    "preview --refresh --expect-no-changes",
    () => stack.preview({ refresh: true, expectNoChanges: true }),
    true,
  );
  const destroy = await timed("destroy", () => stack.destroy({ skipPreview: true }));
  const destroyed = await remoteNow();
  for (const key of Object.keys(change.config ?? {})) await stack.removeConfig(key);
  return {
    start,
    targeted,
    change: { ...changed, writes },
    remote,
    hook: hook!,
    state: state!,
    check,
    destroy,
    destroyed,
    costs,
  };
}

/** The live TriggerWebhook and IntegrationState in state (exactly one of each, or this throws). */
function liveOf(resources: ResourceState[], types: SuccessorTypes): [ResourceState, ResourceState] {
  const one = (type: string) => {
    const found = resources.filter((resource) => resource.type === type && !resource.delete);
    if (found.length !== 1) throw new Error(`expected one ${type} in state, found ${found.length}`);
    return found[0]!;
  };
  return [one(types.hook), one(types.state)];
}

/** The steps on resources of these types, in order, as "<op> <name>" ("<op> <name> in Holder" for a child). */
export function stepsOn(run: OperationResult, types: SuccessorTypes): string[] {
  const wanted = new Set([types.hook, types.state]);
  return run.steps
    .filter((step) => wanted.has(step.type))
    .map((step) => {
      const [, , typePath = "", name = ""] = step.urn.split("::");
      return `${step.op} ${name}${typePath.includes("$") ? " in Holder" : ""}`;
    });
}

/**
 * The warnings about a delete that put nothing back, as the CLI printed them in its Diagnostics section
 * (its progress lines print each once more, after the stack's name), sorted: the deletes run in parallel.
 */
export function unrestoredWarnings(run: OperationResult): string[] {
  const diagnostics = run.output.split("\nDiagnostics:\n")[1] ?? "";
  return diagnostics
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("warning: ") && line.includes("was deleted without putting back"))
    .sort();
}

/**
 * A successor created before its predecessor's delete (a rename or a move without aliases, a replacement that
 * creates first): the account stays as state says, nothing is written back, the CLI warns naming the values
 * nothing puts back, and the destroy leaves the successor's values (no revert to the retired ones).
 */
export function expectCreatedFirst(
  outcome: Outcome,
  integrationId: string,
  old: Names,
  successor: Names,
): void {
  expect(outcome.remote).toEqual({ url: outcome.hook.outputs.url, enabled: outcome.state.outputs.enabled });
  expect(outcome.remote).toEqual({ url: STACK_URL, enabled: false });
  // The successor found what its predecessor set: that is what it records, and what a destroy keeps.
  expect(outcome.hook.outputs.priorUrl).toBe(STACK_URL);
  expect(outcome.state.outputs.priorEnabled).toBe(false);
  expect(outcome.change.writes).toEqual([]);
  expect(unrestoredWarnings(outcome.change)).toEqual([
    expect.stringContaining(
      `warning: IntegrationState "${old.state}" was deleted without putting back what it found on integration ` +
        `${integrationId} (enabled: true): IntegrationState "${successor.state}" manages the integration`,
    ),
    expect.stringContaining(
      `warning: TriggerWebhook "${old.hook}" was deleted without putting back the callback URL it found ` +
        `(${FOUND_URL}): TriggerWebhook "${successor.hook}" manages the account's URL`,
    ),
  ]);
  expect(outcome.check.error).toBeUndefined();
  expect(outcome.destroyed).toEqual({ url: STACK_URL, enabled: false });
}

/**
 * The same resources (aliases), or a successor that carried the values found before the stack (a replacement
 * that deletes first): nothing written, no warning, and the destroy restores the account as it was found.
 */
export function expectCarried(outcome: Outcome): void {
  expect(outcome.change.writes).toEqual([]);
  expect(unrestoredWarnings(outcome.change)).toEqual([]);
  expect(outcome.hook.outputs.priorUrl).toBe(FOUND_URL);
  expect(outcome.state.outputs.priorEnabled).toBe(true);
  expect(outcome.remote).toEqual({ url: STACK_URL, enabled: false });
  expect(outcome.check.error).toBeUndefined();
  expect(outcome.destroyed).toEqual({ url: FOUND_URL, enabled: true });
}

/** The steps of `up --replace` on each resource (by name), in order. */
export function replaceSteps(outcome: Outcome, types: SuccessorTypes): string[][] {
  return ["hook", "state"].map((name) =>
    stepsOn(outcome.change, types).filter((step) => step.endsWith(` ${name}`)),
  );
}
