/**
 * One step of a sequence: run a command on the real CLI, read back what the engine stored and what every
 * account holds, and check the invariants and the model's expected outcome.
 */
import { unwrapSecrets, type ResourceState } from "../../../tools/pulumi/state";
import type { OperationResult } from "../../../tools/pulumi/types";
import {
  violations,
  type Expectations,
  type Observation,
  type StateResource,
  type Violation,
} from "./invariants";
import { declared } from "./program";
import type { Model, Outcome } from "./model";
import type { World } from "./world";

export class SequenceFailure extends Error {
  constructor(
    readonly step: string,
    readonly found: string[],
  ) {
    super(`step ${step}: ${found.join("; ")}`);
  }
}

export interface StepOptions {
  /** What the README says the step does with the right settings, or with the wrong ones it gives. */
  expected: Outcome;
  /** An `up` whose exit 0 means the whole program holds. */
  applies?: boolean;
  destroys?: boolean;
  /** The CLI was killed, in this step or before it: a create may be live outside state until the recovery. */
  interrupted?: boolean;
  /** The CLI was killed in this step: the state may lag behind what the provider did. */
  killed?: boolean;
  /** The CLI was sent a signal (SIGINT or SIGKILL) in this step. */
  signalled?: boolean;
}

/** What a step needs of a command's result: a deployment's, or another CLI command's (`pulumi state move`). */
export type StepResult = Pick<OperationResult, "exitCode" | "error" | "output" | "steps">;

export async function step<Result extends StepResult>(
  world: World,
  model: Model,
  name: string,
  command: () => Promise<Result>,
  options: StepOptions,
): Promise<Result> {
  model.counts[name] = (model.counts[name] ?? 0) + 1;
  world.takeWrites();
  const result = await command();
  const observed = await observe(world, name, result);
  model.state = observed.resources;
  const succeeded = result.exitCode === 0;
  if (options.applies) model.settled = succeeded;
  const expectations: Expectations = {
    services: { one: world.services.one.url, two: world.services.two.url },
    chosen: ["alpha"],
    desired:
      options.applies && succeeded
        ? {
            resources: [model.spec, ...(model.second ? [model.second] : [])].flatMap((spec) =>
              declared(spec).map(({ kind, name: logical }) => ({ kind, name: logical })),
            ),
            webhookUrl: model.spec.webhookUrl,
            stateEnabled: model.spec.stateEnabled,
          }
        : undefined,
    interruptedCreates: options.interrupted ?? false,
    stateMayLag: options.killed ?? false,
    signalled: options.signalled ?? false,
    destroyed: (options.destroys ?? false) && succeeded,
    restores: { callbackUrl: !model.lostBefore.webhook, elsewhere: !model.lostBefore.state },
    secrets: world.secrets,
  };
  const found = violations(observed, expectations).map(describe);
  if (options.expected === "success" && !succeeded)
    found.push(`the step must succeed, but failed: ${firstLine(result.error)}`);
  if (options.expected === "refusal" && succeeded)
    found.push("the README says this step is refused, but it went through");
  if (found.length > 0) throw new SequenceFailure(name, found);
  return result;
}

function describe(violation: Violation): string {
  return `invariant ${violation.invariant}: ${violation.message}`;
}

function firstLine(text: string | undefined): string {
  return (text ?? "(no message)").split("\n", 1)[0]!.slice(0, 600);
}

/** What every stack of the world stores (a resource moved to the second stack is still the world's), and every account. */
export async function observe(world: World, name: string, result: StepResult): Promise<Observation> {
  const stacks = world.stacks();
  const [stateTexts, resources, accounts] = await Promise.all([
    Promise.all(stacks.map((stack) => stack.stateText())),
    Promise.all(stacks.map((stack) => stack.resources())),
    world.accounts(),
  ]);
  return {
    step: name,
    exitCode: result.exitCode,
    error: result.error,
    stateText: stateTexts.join("\n"),
    resources: resources.flat().flatMap((resource) => managed(world, resource)),
    output: result.output,
    accounts,
    writes: world.takeWrites(),
  };
}

const KINDS = ["Connector", "ConnectedAccount", "TriggerInstance", "TriggerWebhook", "IntegrationState"];

function managed(world: World, resource: ResourceState): StateResource[] {
  const kind = resource.type.split(":").pop() ?? "";
  const ours =
    resource.type.startsWith("integrations:index:") ||
    resource.type.startsWith("pulumi-nodejs:dynamic/integrations:");
  if (!ours || !KINDS.includes(kind)) return [];
  const outputs = unwrapSecrets(resource.outputs) as Record<string, unknown>;
  const onDefault =
    world.frontEnd === "plugin"
      ? (resource.provider ?? "").includes("::default")
      : outputs.connection === undefined || outputs.connection === null;
  return [{ kind, name: resource.urn.split("::").pop() ?? "", id: resource.id ?? "", outputs, onDefault }];
}
