/**
 * The catalogue: every step a sequence is drawn from, as fast-check commands on the real CLI. Each step
 * changes the program or the settings as a user would, runs one command, and says (through the model) whether
 * the README lets it succeed or says it is refused; `step` checks that and the invariants.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parse as parseYaml } from "yaml";
import { ApiClient } from "../../../src/client";
import type { FaultSettings } from "../../../src/emulator";
import type { OperationResult } from "../../../tools/pulumi/types";
import { guarded, onDefaultProvider, type Model, type Outcome } from "./model";
import type { PulumiStack } from "../../../tools/pulumi/stack";
import { runIntegrationsImport } from "../../support/adoption";
import {
  emptySpec,
  GROUPS,
  namesOf,
  PROVIDERS,
  type Adopted,
  type Group,
  type ProgramSpec,
  type ProviderChoice,
} from "./program";
import { SequenceFailure, step, type StepResult } from "./step";
import type { World } from "./world";

export abstract class CatalogueStep implements fc.AsyncCommand<Model, World> {
  /** How a replay names the step, with its arguments. */
  abstract readonly descriptor: string;
  check(_model: Readonly<Model>): boolean {
    return true;
  }
  async run(model: Model, world: World): Promise<void> {
    world.ran(this.descriptor);
    await this.perform(model, world);
  }
  protected abstract perform(model: Model, world: World): Promise<void>;
  toString(): string {
    return this.descriptor;
  }
}

/** The plain `up` of the program as the model wrote it, with the right settings. */
async function apply(
  world: World,
  model: Model,
  name: string,
  flags: { replace?: string[]; targets?: string[] } = {},
) {
  world.writeProgram(model.spec);
  const result = await step(world, model, name, () => world.stack.up({ skipPreview: true, ...flags }), {
    expected: "success",
    applies: true,
  });
  forgetAliases(model);
  return result;
}

/** Once applied, an alias has done its work: the next program leaves it out, as a user would. */
function forgetAliases(model: Model) {
  if (!model.settled) return;
  for (const group of GROUPS) model.spec.placement[group].aliases = [];
}

/** The chain under new names without aliases: an `up` that creates (and deletes the old ones). */
function renameChain(model: Model, world: World) {
  const placement = model.spec.placement.chain;
  placement.aliases = [];
  placement.generation = model.next.generation++;
  world.writeProgram(model.spec);
}

/** A successor of the group's take-over resource is created before the old one is deleted. */
function createdFirst(model: Model, group: Group) {
  if (group === "webhook" || group === "state") model.lostBefore[group] = true;
}

/** The URN of a group's first resource in state (its connector for the chain). */
function urnOf(world: World, model: Model, group: Group): string {
  const kind = group === "chain" ? "Connector" : group === "webhook" ? "TriggerWebhook" : "IntegrationState";
  const name = namesOf(group, model.spec.placement[group].generation)[kind]!;
  const parent = model.spec.placement[group].inComponent ? "seq:index:Component$" : "";
  return `${world.stack.urnPrefix}${parent}${typeOf(world, kind)}::${name}`;
}

/** A kind's resource type on the world's front end. */
function typeOf(world: World, kind: string): string {
  return world.frontEnd === "plugin"
    ? `integrations:index:${kind}`
    : `pulumi-nodejs:dynamic/integrations:${kind}`;
}

/** A CLI command that is not a deployment (`pulumi state move`), as a step's result: it changes no resource. */
async function cliOperation(stack: PulumiStack, args: string[]): Promise<StepResult> {
  const run = await stack.cli(args);
  return {
    steps: [],
    output: `${run.stdout}${run.stderr}`,
    error: run.exitCode === 0 ? undefined : `pulumi ${args.slice(0, 2).join(" ")}: ${run.stderr.trim()}`,
    exitCode: run.exitCode,
  };
}

function spelt(url: string, spelling: Model["spelling"]): string {
  return spelling === "localhost" ? url.replace("127.0.0.1", "localhost") : url;
}

class Up extends CatalogueStep {
  readonly descriptor = "up";
  protected async perform(model: Model, world: World) {
    await apply(world, model, "up");
  }
}

/**
 * A kind removed from the program and applied, then added back under a new name and applied: both halves of
 * "add and remove" in one step, so that every kind stays in the program for the steps that need it.
 */
class RemoveAndAdd extends CatalogueStep {
  constructor(readonly group: Group) {
    super();
  }
  get descriptor() {
    return `remove-add(${this.group})`;
  }
  protected async perform(model: Model, world: World) {
    model.spec.present[this.group] = false;
    await apply(world, model, "remove");
    const placement = model.spec.placement[this.group];
    model.spec.present[this.group] = true;
    placement.generation = model.next.generation++;
    placement.aliases = [];
    await apply(world, model, "add");
  }
}

/** A new logical name (with or without an alias), or a move into or out of the component (dynamic only). */
class Rename extends CatalogueStep {
  constructor(
    readonly group: Group,
    readonly alias: boolean,
    readonly move: boolean,
  ) {
    super();
  }
  get descriptor() {
    return `${this.move ? "move-component" : "rename"}(${this.group},${this.alias ? "alias" : "plain"})`;
  }
  override check(model: Readonly<Model>) {
    return model.spec.present[this.group] && (!this.move || model.frontEnd === "dynamic");
  }
  protected async perform(model: Model, world: World) {
    const placement = model.spec.placement[this.group];
    placement.aliases = this.alias
      ? [{ generation: placement.generation, inComponent: placement.inComponent }]
      : [];
    if (this.move) placement.inComponent = !placement.inComponent;
    else placement.generation = model.next.generation++;
    if (!this.alias) createdFirst(model, this.group);
    await apply(world, model, `${this.move ? "move-component" : "rename"}-${this.alias ? "alias" : "plain"}`);
  }
}

/** To another provider of the same account (dynamic: another `connection` value). */
class MoveProvider extends CatalogueStep {
  constructor(
    readonly group: Group,
    readonly to: ProviderChoice,
  ) {
    super();
  }
  get descriptor() {
    return `provider(${this.group},${this.to})`;
  }
  override check(model: Readonly<Model>) {
    return model.spec.present[this.group] && model.spec.placement[this.group].provider !== this.to;
  }
  protected async perform(model: Model, world: World) {
    model.spec.placement[this.group].provider = this.to;
    // The plugin replaces a resource moved to another provider (created first); a connection is an update.
    if (model.frontEnd === "plugin") createdFirst(model, this.group);
    await apply(world, model, "move-provider");
  }
}

class RotateKey extends CatalogueStep {
  readonly descriptor = "rotate-key";
  protected async perform(model: Model, world: World) {
    model.key = model.key === "a1" ? "a2" : "a1";
    world.env.INTEGRATIONS_API_KEY = world.keys[model.key];
    await apply(world, model, "rotate-key");
  }
}

type GuardedCommand = "up" | "up-skip-preview" | "refresh" | "up-refresh" | "destroy";
const GUARDED_COMMANDS: GuardedCommand[] = ["up", "up-skip-preview", "refresh", "up-refresh", "destroy"];

/**
 * What another account's key, or another service's URL, does to a command. The plugin's refresh and destroy
 * configure the default provider from its state, which records the base URL (the key never): another URL in
 * the environment does not reach them, and they act on the recorded service, as the README says.
 */
function guardedOutcome(model: Model, change: "key" | "service", command: GuardedCommand): Outcome {
  if (change === "service" && model.frontEnd === "plugin" && (command === "refresh" || command === "destroy"))
    return "success";
  return guarded(model);
}

function guardedRun(world: World, command: GuardedCommand): Promise<OperationResult> {
  const stack = world.stack;
  if (command === "up") return stack.up();
  if (command === "up-skip-preview") return stack.up({ skipPreview: true });
  if (command === "refresh") return stack.refresh({ skipPreview: true });
  if (command === "up-refresh") return stack.up({ refresh: true, skipPreview: true });
  return stack.destroy({ skipPreview: true });
}

/**
 * One command with another account's key (beta's b1, a wrong CI secret) or at another service (service two,
 * where a1 reaches gamma), then the right settings again.
 */
class Elsewhere extends CatalogueStep {
  constructor(
    readonly change: "key" | "service",
    readonly command: GuardedCommand,
  ) {
    super();
  }
  get descriptor() {
    return `${this.change === "key" ? "wrong-key" : "other-service"}(${this.command})`;
  }
  override check(model: Readonly<Model>) {
    const reachesGamma = this.change === "key" || model.key === "a1";
    return model.settled && reachesGamma && onDefaultProvider(model as Model).length > 0;
  }
  protected async perform(model: Model, world: World) {
    const setting = this.change === "key" ? "INTEGRATIONS_API_KEY" : "INTEGRATIONS_BASE_URL";
    const right = world.env[setting]!;
    world.env[setting] = this.change === "key" ? world.keys.b1 : world.services.two.url;
    try {
      const expected = guardedOutcome(model, this.change, this.command);
      const destroys = this.command === "destroy" && expected === "success";
      await step(
        world,
        model,
        `${this.descriptor.split("(")[0]}-${this.command}`,
        () => guardedRun(world, this.command),
        {
          expected,
          destroys,
        },
      );
      if (destroys) model.settled = false;
    } finally {
      world.env[setting] = right;
    }
  }
}

/**
 * The same service spelt otherwise (`localhost` for `127.0.0.1`): the objects are found there by id, and the
 * TriggerWebhook, whose id proves nothing, is worked on at the URL it records, which answers the same key.
 */
class Respell extends CatalogueStep {
  readonly descriptor = "respell";
  protected async perform(model: Model, world: World) {
    model.spelling = model.spelling === "127" ? "localhost" : "127";
    world.env.INTEGRATIONS_BASE_URL = spelt(world.services.one.url, model.spelling);
    await apply(world, model, "respell");
  }
}

/**
 * The account's token given from plain config instead of a secret, or back: the same credentials, so nothing
 * changes remotely, and the provider keeps them secret in state and output either way (invariant 6).
 */
class TokenPlain extends CatalogueStep {
  readonly descriptor = "token-plain";
  protected async perform(model: Model, world: World) {
    model.spec.tokenGivenPlain = !model.spec.tokenGivenPlain;
    await apply(world, model, "token-plain");
  }
}

class Replace extends CatalogueStep {
  constructor(readonly group: Group) {
    super();
  }
  get descriptor() {
    return `replace(${this.group})`;
  }
  override check(model: Readonly<Model>) {
    return model.settled && model.spec.present[this.group];
  }
  protected async perform(model: Model, world: World) {
    // The dynamic classes delete first by default and hand over what was found; the plugin creates first.
    if (model.frontEnd === "plugin") createdFirst(model, this.group);
    await apply(world, model, "replace", { replace: [urnOf(world, model, this.group)] });
  }
}

/** A new webhook URL, applied with `--target` on the webhook alone. */
class TargetedUpdate extends CatalogueStep {
  readonly descriptor = "target";
  override check(model: Readonly<Model>) {
    return model.settled && model.spec.present.webhook;
  }
  protected async perform(model: Model, world: World) {
    model.spec.webhookUrl = `https://hooks.example/seq/${model.next.url++}`;
    await apply(world, model, "target", { targets: [urnOf(world, model, "webhook")] });
  }
}

class Refresh extends CatalogueStep {
  readonly descriptor = "refresh";
  protected async perform(model: Model, world: World) {
    world.writeProgram(model.spec);
    await step(world, model, "refresh", () => world.stack.refresh({ skipPreview: true }), {
      expected: "success",
    });
  }
}

class PreviewNoChanges extends CatalogueStep {
  readonly descriptor = "preview-refresh-expect-no-changes";
  override check(model: Readonly<Model>) {
    return model.settled;
  }
  protected async perform(model: Model, world: World) {
    await step(
      world,
      model,
      "preview-no-changes",
      () => world.stack.preview({ refresh: true, expectNoChanges: true }),
      {
        expected: "success",
      },
    );
  }
}

/**
 * The README's way to move resources to another stack: `pulumi state move`, which runs no delete, then each
 * stack's `up` of its program, the group gone from the one and declared in the other, neither touching it;
 * and back the same way, so that every kind stays in the first stack for the steps that need it.
 */
class StateMove extends CatalogueStep {
  constructor(readonly group: Group) {
    super();
  }
  get descriptor() {
    return `state-move(${this.group})`;
  }
  override check(model: Readonly<Model>) {
    // A child of the component would take its parent along (`--include-parents`), which the rest still need.
    return model.settled && model.spec.present[this.group] && !model.spec.placement[this.group].inComponent;
  }
  protected async perform(model: Model, world: World) {
    const second = await world.other("second");
    const there = emptySpec();
    there.present[this.group] = true;
    there.placement[this.group] = structuredClone(model.spec.placement[this.group]);
    there.webhookUrl = model.spec.webhookUrl;
    there.stateEnabled = model.spec.stateEnabled;
    await this.move(world, model, world.stack, second, "state-move-there");
    model.spec.present[this.group] = false;
    model.second = there;
    await this.upBoth(world, model, second, "state-move-up");
    await this.move(world, model, second, world.stack, "state-move-back");
    model.spec.present[this.group] = true;
    model.second = undefined;
    await this.upBoth(world, model, second, "state-move-back-up");
  }

  /** The group's resources by kind, under their logical names now. */
  private names(model: Model): Record<string, string> {
    return namesOf(this.group, model.spec.placement[this.group].generation);
  }

  private async move(world: World, model: Model, from: PulumiStack, to: PulumiStack, name: string) {
    const urns = Object.entries(this.names(model)).map(([kind, logical]) =>
      from.urn(typeOf(world, kind), logical),
    );
    await step(
      world,
      model,
      name,
      () =>
        cliOperation(from, [
          "state",
          "move",
          "--source",
          from.stackName,
          "--dest",
          to.stackName,
          "--yes",
          ...urns,
        ]),
      { expected: "success" },
    );
  }

  /** Both stacks' `up`s, each on its program; neither may touch what moved. */
  private async upBoth(world: World, model: Model, second: PulumiStack, name: string) {
    world.writeProgram(model.spec);
    world.writeOtherProgram("second", model.second ?? emptySpec());
    const moved = Object.values(this.names(model));
    for (const [stack, which] of [
      [world.stack, "source"],
      [second, "destination"],
    ] as const) {
      const result = await step(world, model, `${name}-${which}`, () => stack.up({ skipPreview: true }), {
        expected: "success",
        applies: true,
      });
      const touched = result.steps.filter(
        (change) => change.op !== "same" && moved.some((logical) => change.urn.endsWith(`::${logical}`)),
      );
      if (touched.length > 0)
        throw new SequenceFailure(
          `${name}-${which}`,
          touched.map((change) => `the moved ${change.urn} was touched: ${change.op}`),
        );
    }
  }
}

/**
 * A colleague's stack of the same project, stack and logical names (their local backend) on the same
 * account: its autonamed connector skips the name the first stack's holds, its TriggerWebhook and
 * IntegrationState take over the values the first stack set (equal, the program being the same), and its
 * destroy deletes what it made and puts those values back; the first stack is then as its program says.
 */
class ColleagueStack extends CatalogueStep {
  readonly descriptor = "colleague-stack";
  override check(model: Readonly<Model>) {
    return model.settled;
  }
  protected async perform(model: Model, world: World) {
    const colleague = await world.other("colleague");
    model.second = colleagueSpec(model);
    world.writeOtherProgram("colleague", model.second);
    await step(world, model, "colleague-up", () => colleague.up({ skipPreview: true }), {
      expected: "success",
      applies: true,
    });
    await colleagueLeaves(world, model, colleague, "colleague");
  }
}

/**
 * The colleague's program: this stack's, as checked out before any adoption. An adopted connector keeps the
 * fixed name it had, and names are unique: the colleague's `up` of it is refused ("already used by connector
 * ..."), so the adopted objects stay out of the colleague's program.
 */
function colleagueSpec(model: Model): ProgramSpec {
  return { ...model.spec, adopted: [] };
}

/**
 * The colleague's stack destroyed (it deletes what it made and puts back what it took over), then this stack's
 * refreshing preview: it must show no change. Step names start with `prefix`.
 */
async function colleagueLeaves(world: World, model: Model, colleague: PulumiStack, prefix: string) {
  model.second = undefined;
  await step(world, model, `${prefix}-destroy`, () => colleague.destroy({ skipPreview: true }), {
    expected: "success",
  });
  await step(
    world,
    model,
    `${prefix}-first-unchanged`,
    () => world.stack.preview({ refresh: true, expectNoChanges: true }),
    { expected: "success" },
  );
}

/**
 * Two stacks on one key at once: while this stack's `up` creates (the chain renamed), a colleague's stack of
 * the same program (its own backend, the same account) comes up, both under one rate limit of the key (its
 * 429s shared). Neither may fail, nothing may be co-owned, duplicated or stranded; the colleague's stack is
 * then destroyed, and this one's refreshing preview shows no change.
 */
class TwoStacksAtOnce extends CatalogueStep {
  readonly descriptor = "two-stacks-at-once";
  override check(model: Readonly<Model>) {
    return model.settled && model.spec.present.chain;
  }
  protected async perform(model: Model, world: World) {
    renameChain(model, world);
    const colleague = await world.other("colleague");
    model.second = colleagueSpec(model);
    world.writeOtherProgram("colleague", model.second);
    world.services.one.setFaults({ rateLimitPerSecond: 4 });
    try {
      await step(
        world,
        model,
        "two-stacks-up",
        async () =>
          both(
            await Promise.all([world.stack.up({ skipPreview: true }), colleague.up({ skipPreview: true })]),
          ),
        { expected: "success", applies: true },
      );
    } finally {
      world.services.one.clearFaults();
    }
    await colleagueLeaves(world, model, colleague, "two-stacks-colleague");
    forgetAliases(model);
  }
}

/** Two commands run at once, as one step: it fails if either does. */
function both([first, second]: StepResult[]): StepResult {
  const errors = [first!.error, second!.error].filter((error) => error !== undefined);
  return {
    exitCode: first!.exitCode !== 0 ? first!.exitCode : second!.exitCode,
    error: errors.length > 0 ? errors.join("\n") : undefined,
    output: `${first!.output}\n${second!.output}`,
    steps: [...first!.steps, ...second!.steps],
  };
}

type FaultKind = "503" | "latency" | "reset-write" | "late-commit" | "rate-limit";
const FAULTS: Record<FaultKind, Partial<FaultSettings>> = {
  "503": { errorRate: 1, remaining: 2 },
  latency: { latencyMs: 250, remaining: 30 },
  "reset-write": {
    resetRate: 1,
    resetAfterHandler: true,
    remaining: 1,
    match: ["POST /api/v1/integrations"],
  },
  "late-commit": { lateCommitMs: 400, remaining: 1, match: ["POST /api/v1/integrations"] },
  // The key's limit, as the service enforces it (a token bucket): 429s with Retry-After, a share without any
  // header at all, as real servers sometimes send them. Never a reason for an `up` to fail.
  "rate-limit": { rateLimitPerSecond: 3, headerlessThrottleRate: 0.25 },
};

/**
 * A fault of the service during an `up` that creates (the chain renamed without alias): 503s, latency and a
 * rate limit must be ridden out; after a reset write or a late commit the `up` may fail, and the next must
 * converge.
 */
class Fault extends CatalogueStep {
  constructor(readonly kind: FaultKind) {
    super();
  }
  get descriptor() {
    return `fault(${this.kind})`;
  }
  override check(model: Readonly<Model>) {
    return model.spec.present.chain;
  }
  protected async perform(model: Model, world: World) {
    renameChain(model, world);
    const mayFail = this.kind === "reset-write" || this.kind === "late-commit";
    world.services.one.setFaults(FAULTS[this.kind]);
    try {
      await step(world, model, `fault-${this.kind}`, () => world.stack.up({ skipPreview: true }), {
        expected: mayFail ? "either" : "success",
        applies: true,
      });
    } finally {
      world.services.one.clearFaults();
    }
    if (!model.settled) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await apply(world, model, "fault-recovery-up");
    }
    forgetAliases(model);
  }
}

/**
 * The CLI interrupted during an `up` that creates: SIGINT (Ctrl-C, which the engine answers by cancelling and
 * finishing what is in flight) or SIGKILL to its process group (a CI runner ending the job), then the README's
 * recovery ("Recovering from an interrupted create") where needed: `pulumi cancel` (the lock a killed CLI
 * leaves), `pulumi refresh --clear-pending-creates`, the orphans it may leave deleted through the API, and an
 * `up` that converges.
 */
class Interrupt extends CatalogueStep {
  constructor(
    readonly signal: "SIGINT" | "SIGKILL",
    readonly afterMs: number,
  ) {
    super();
  }
  get descriptor() {
    return `${this.signal === "SIGINT" ? "ctrl-c" : "kill"}(${this.afterMs})`;
  }
  override check(model: Readonly<Model>) {
    return model.spec.present.chain;
  }
  protected async perform(model: Model, world: World) {
    renameChain(model, world);
    const killer = new AbortController();
    const timer = setTimeout(() => {
      if (this.signal === "SIGKILL") killer.abort();
      else for (const pid of cliPids(world)) process.kill(pid, "SIGINT");
    }, this.afterMs);
    const name = this.signal === "SIGINT" ? "ctrl-c" : "kill";
    await step(world, model, name, () => world.stack.up({ skipPreview: true, signal: killer.signal }), {
      expected: "either",
      applies: true,
      interrupted: true,
      killed: this.signal === "SIGKILL",
      signalled: true,
    }).finally(() => clearTimeout(timer));
    // A CI runner ends the job's other processes too: the providers the CLI started in groups of their own.
    if (this.signal === "SIGKILL")
      for (const pid of processesIn(world.programDir)) process.kill(pid, "SIGKILL");
    if (model.settled) return forgetAliases(model);
    await world.stack.cli(["cancel", "--yes", "--stack", world.stack.stackName]);
    await step(
      world,
      model,
      `${name}-recovery-refresh`,
      () => world.stack.refresh({ skipPreview: true, clearPendingCreates: true }),
      { expected: "success", interrupted: true },
    );
    await deleteOrphans(world, model);
    await apply(world, model, `${name}-recovery-up`);
  }
}

/** The processes (providers, language hosts) running in the world's program folder. */
function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === dir) pids.push(Number(entry));
    } catch {
      // Ended while being looked at, or not ours to inspect.
    }
  }
  return pids;
}

/** The `pulumi` processes running this world's stack: their command line names its config file. */
function cliPids(world: World): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (argv[0]?.endsWith("pulumi") && argv.includes(world.stack.configFile)) pids.push(Number(entry));
    } catch {
      // Ended while being looked at.
    }
  }
  return pids;
}

/** The README's last recovery step: delete what an interrupted create left outside state. */
async function deleteOrphans(world: World, model: Model) {
  const inState = new Set(model.state.map((resource) => resource.id));
  const alpha = (await world.accounts()).alpha;
  const client = new ApiClient({ baseUrl: world.services.one.url, apiKey: world.keys.a2, maxRetries: 2 });
  try {
    for (const id of alpha.triggerInstances.filter((id) => !inState.has(id)))
      await client.deleteTriggerInstance(id);
    for (const id of alpha.connectedAccounts.filter((id) => !inState.has(id)))
      await client.deleteConnectedAccount(id);
    for (const id of Object.keys(alpha.connectors).filter((id) => !inState.has(id)))
      await client.deleteIntegration(id);
  } finally {
    client.close();
  }
}

/**
 * A connector made by hand in the stack's account, then adopted as the README's
 * "Adopting an account" says: `integrations-import --skip-state` with the export of every stack of the world
 * (so the file lists only what no stack manages), the pin `integrations:accountId`, `pulumi import --file`
 * (unprotected, with YAML code generation), the generated resources declared in the program, and an `up` that
 * must change none of them. From then on the program declares them, so every later step and the final destroy
 * (a Connector's default deletionPolicy deletes it) keeps the invariants for them too.
 *
 * Plugin only: a dynamic resource cannot be imported (Pulumi's issue 16175).
 */
class ImportUp extends CatalogueStep {
  readonly descriptor = "import-up";
  override check(model: Readonly<Model>) {
    // Settled: what the account holds besides the hand-made objects is then exactly what the stacks manage.
    return model.frontEnd === "plugin" && model.settled;
  }
  protected async perform(model: Model, world: World) {
    const client = new ApiClient({ baseUrl: world.services.one.url, apiKey: world.keys.a2, maxRetries: 2 });
    let handMade: string[];
    let accountId: string;
    try {
      const connector = await client.createIntegration({
        name: `seq-hand-${model.next.generation++}`,
        appName: "github",
        authScheme: "BEARER_TOKEN",
        forceNewIntegration: true,
      });
      handMade = [connector.id];
      accountId = await client.getAccountId();
    } finally {
      client.close();
    }
    const dir = mkdtempSync(join(world.stack.workDir, "adopt-"));
    const exports: string[] = [];
    for (const [index, stack] of world.stacks().entries()) {
      const file = join(dir, `export-${index}.json`);
      writeFileSync(file, await stack.stateText());
      exports.push("--skip-state", file);
    }
    const run = await runIntegrationsImport(
      { baseUrl: world.env.INTEGRATIONS_BASE_URL!, apiKey: world.env.INTEGRATIONS_API_KEY! },
      dir,
      exports,
    );
    // The guard: an object a stack of the world manages already must never be imported a second time.
    const listed = run.file.resources.map((entry) => entry.id).sort();
    if (JSON.stringify(listed) !== JSON.stringify(handMade))
      throw new SequenceFailure("import-file", [
        `integrations-import --skip-state listed [${listed.join(", ")}], not only the hand-made [${handMade.join(", ")}]`,
      ]);
    await world.stack.setConfig("integrations:accountId", accountId);
    const generated = join(dir, "adopted.yaml");
    const imported = await step(
      world,
      model,
      "import",
      () =>
        world.stack.command("import", [
          ...["--file", run.path, "--protect=false", "--out", generated],
          ...["--yes", "--skip-preview"],
        ]),
      { expected: "success" },
    );
    const importedUrns = imported.steps
      .filter((change) => change.op === "import")
      .map((change) => change.urn);
    const others = imported.steps.filter((change) => !["import", "same"].includes(change.op));
    if (importedUrns.length !== handMade.length || others.length > 0)
      throw new SequenceFailure("import", [
        `pulumi import imported [${importedUrns.join(", ")}] and ${others.map((c) => `${c.op}d ${c.urn}`).join(", ") || "nothing else"}`,
      ]);
    const adopted = adoptedFrom(readFileSync(generated, "utf8"));
    model.spec.adopted.push(...adopted);
    const result = await apply(world, model, "import-up");
    const names = new Set(adopted.map((resource) => resource.logicalName));
    const changed = result.steps.filter(
      (change) => names.has(change.urn.split("::").pop() ?? "") && change.op !== "same",
    );
    if (changed.length > 0)
      throw new SequenceFailure(
        "import-up",
        changed.map((change) => `the adopted ${change.urn} was not left as imported: ${change.op}`),
      );
  }
}

/** The resources of `pulumi import`'s generated YAML program, as the sequence's program declares them. */
function adoptedFrom(generated: string): Adopted[] {
  const program = parseYaml(generated) as {
    resources?: Record<string, { type: string; name?: string; properties?: Record<string, unknown> }>;
  };
  return Object.entries(program.resources ?? {}).map(([variable, resource]) => ({
    kind: resource.type.split(":").pop() ?? "",
    variable,
    logicalName: resource.name ?? variable,
    properties: resource.properties ?? {},
  }));
}

/** The first step of every sequence: the whole program made with the right settings. */
export async function firstUp(world: World, model: Model): Promise<void> {
  await apply(world, model, "create");
}

/**
 * The first step of a sequence that starts from a stack release 0.2.0 wrote: a plain `up` with this release,
 * which must succeed and leave every resource where it is (no create, replace or delete).
 */
export async function upgradeUp(world: World, model: Model): Promise<void> {
  world.ran("upgrade-from-0.2.0");
  world.writeProgram(model.spec);
  const result = await step(world, model, "upgrade-from-0.2.0", () => world.stack.up({ skipPreview: true }), {
    expected: "success",
    applies: true,
  });
  const moved = result.steps.filter((change) => !["same", "update", "refresh"].includes(change.op));
  if (moved.length > 0)
    throw new SequenceFailure(
      "upgrade-from-0.2.0",
      moved.map((change) => `the upgrade's up ${change.op}s ${change.urn}`),
    );
}

/** The last step of every sequence: a destroy with the right settings leaves nothing and puts back what it found. */
export async function finalDestroy(world: World, model: Model): Promise<void> {
  world.env.INTEGRATIONS_API_KEY = world.keys[model.key];
  await step(world, model, "destroy", () => world.stack.destroy({ skipPreview: true }), {
    expected: "success",
    destroys: true,
  });
}

const group = fc.constantFrom(...GROUPS);

/** Every step of the catalogue, with its arguments drawn at random. */
export function catalogue(): fc.Arbitrary<CatalogueStep>[] {
  return [
    fc.constant(new Up()),
    group.map((g) => new RemoveAndAdd(g)),
    fc.tuple(group, fc.boolean()).map(([g, alias]) => new Rename(g, alias, false)),
    fc.tuple(group, fc.boolean()).map(([g, alias]) => new Rename(g, alias, true)),
    fc.tuple(group, fc.constantFrom(...PROVIDERS)).map(([g, to]) => new MoveProvider(g, to)),
    fc.constant(new RotateKey()),
    fc.constantFrom(...GUARDED_COMMANDS).map((command) => new Elsewhere("key", command)),
    fc.constantFrom(...GUARDED_COMMANDS).map((command) => new Elsewhere("service", command)),
    fc.constant(new Respell()),
    fc.constant(new TokenPlain()),
    group.map((g) => new Replace(g)),
    fc.constant(new TargetedUpdate()),
    fc.constant(new Refresh()),
    fc.constant(new PreviewNoChanges()),
    group.map((g) => new StateMove(g)),
    fc.constant(new ColleagueStack()),
    fc.constant(new TwoStacksAtOnce()),
    fc.constant(new ImportUp()),
    // Each fault and each signal an entry of its own, as likely as any other step.
    ...(["503", "latency", "reset-write", "late-commit", "rate-limit"] as const).map((kind) =>
      fc.constant(new Fault(kind)),
    ),
    ...(["SIGINT", "SIGKILL"] as const).map((signal) =>
      fc.integer({ min: 3, max: 40 }).map((tenths) => new Interrupt(signal, tenths * 100)),
    ),
  ];
}

/** A step from its descriptor (a replay's line). */
export function stepFrom(descriptor: string): CatalogueStep {
  const [, name, args = ""] = /^([a-z-]+)(?:\((.*)\))?$/.exec(descriptor) ?? [];
  const [a, b] = args.split(",") as [string, string];
  switch (name) {
    case "up":
      return new Up();
    case "remove-add":
      return new RemoveAndAdd(a as Group);
    case "rename":
    case "move-component":
      return new Rename(a as Group, b === "alias", name === "move-component");
    case "provider":
      return new MoveProvider(a as Group, b as ProviderChoice);
    case "rotate-key":
      return new RotateKey();
    case "wrong-key":
      return new Elsewhere("key", a as GuardedCommand);
    case "other-service":
      return new Elsewhere("service", a as GuardedCommand);
    case "respell":
      return new Respell();
    case "token-plain":
      return new TokenPlain();
    case "replace":
      return new Replace(a as Group);
    case "target":
      return new TargetedUpdate();
    case "refresh":
      return new Refresh();
    case "preview-refresh-expect-no-changes":
      return new PreviewNoChanges();
    case "state-move":
      return new StateMove(a as Group);
    case "colleague-stack":
      return new ColleagueStack();
    case "two-stacks-at-once":
      return new TwoStacksAtOnce();
    case "import-up":
      return new ImportUp();
    case "fault":
      return new Fault(a as FaultKind);
    case "kill":
      return new Interrupt("SIGKILL", Number(a));
    case "ctrl-c":
      return new Interrupt("SIGINT", Number(a));
    default:
      throw new Error(`no catalogue step ${descriptor}`);
  }
}
