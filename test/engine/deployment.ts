/**
 * One run of a program against the stack's old state (an `up`, or a preview with `dryRun`): every
 * registration becomes a step (create, same, update or replace) driven through the dynamic provider,
 * and once the program has exited, what it no longer registers is deleted, dependents first. The shape
 * follows pulumi/pulumi pkg/resource/deploy (source_eval.go, step_generator.go, step.go).
 *
 * When a step fails the deployment fails as the real engine's does: the diagnostic goes to the log, and
 * every registration, pending or later, is answered UNAVAILABLE "resource monitor shut down while
 * waiting on step's done channel", on which the SDK stops quietly (an ordinary error would send it down
 * a ~60 s error path, pulumi/pulumi#20567). Steps already done stay in state.
 */
import pLimit from "p-limit";
import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { aliasUrns } from "./aliases";
import type { Checkpointer } from "./checkpoint";
import { deletionWaves } from "./deletion-order";
import { dependentReplacements } from "./dependent-replacements";
import {
  DeploymentError,
  checkFailureMessage,
  monitorClosedMessage,
  monitorShutdownMessage,
  dependentProtectedMessage,
  replaceProtectedMessage,
  stepFailure,
} from "./diagnostics";
import { GrpcError } from "./grpc-server";
import type { MonitorHandler, ReadRegistration, Registration, RegistrationResult } from "./monitor";
import { annotateSecrets, changedKeys, markSecretKeys } from "./properties";
import type { PropertyMap } from "./properties";
import { planChange } from "./change-plan";
import { applyIgnoreChanges } from "./property-paths";
import { ProviderError } from "./provider-client";
import type { DynamicProviderClient, DynamicProviderHost, ResourceRef } from "./provider-client";
import { deleteResource, stepFor } from "./resource-ops";
import type { ResourceState } from "./state";
import type { Targets } from "./targets";
import type { LogEntry, Step, StepOp } from "./types";
import { dynamicProviderType, isDynamicResourceType, makeUrn, rootStackType } from "./urn";

export interface DeploymentContext {
  project: string;
  stack: string;
  dryRun: boolean;
  olds: readonly ResourceState[];
  providers: DynamicProviderHost;
  /** Most resource registrations whose provider steps run at once, as the CLI's `--parallel` does. */
  parallel: number;
  /** Persists the checkpoint around every provider call, as the CLI's snapshot manager does. */
  journal: Checkpointer;
  /** `--replace`: URNs replaced whatever their diff says. */
  replace: ReadonlySet<string>;
  targets: Targets;
  log(entry: LogEntry): void;
}

/** What a dynamic resource's steps need besides its new state. */
interface Pending {
  provider: DynamicProviderClient;
  ref: ResourceRef;
  registration: Registration;
}

export class Deployment implements MonitorHandler {
  readonly steps: Step[] = [];
  /** The root stack's outputs, once the program has registered them. */
  stackOutputs: PropertyMap | undefined;
  /** States written in this run, in the order their steps completed (a dependency order). */
  private readonly news: ResourceState[] = [];
  private readonly newByUrn = new Map<string, ResourceState>();
  private readonly registered = new Set<string>();
  private readonly oldByUrn = new Map<string, ResourceState>();
  /** New URN -> the old URN its state was found under through an alias. */
  private readonly aliasedFrom = new Map<string, string>();
  /** Old states a new state took the place of. */
  private readonly superseded = new Set<ResourceState>();
  /** Old halves of create-before-delete replacements (marked `delete`), deleted after the program. */
  private readonly pendingDeletes = new Map<ResourceState, ResourceState>();
  private readonly deleted = new Set<ResourceState>();
  /** Dependents a delete-before-replace deleted first, with their replace keys: recreated when registered. */
  private readonly recreate = new Map<string, string[]>();
  /** Those deletions, so that two replacements sharing a dependent delete it once, both after it is gone. */
  private readonly dependentDeletes = new Map<string, Promise<void>>();
  private defaultProvider: Promise<string | undefined> | undefined;
  private stackUrn = "";
  private failed = false;
  private readonly stepSlots: pLimit.Limit;

  constructor(private readonly ctx: DeploymentContext) {
    for (const old of ctx.olds) if (!old.delete) this.oldByUrn.set(old.urn, old);
    this.stepSlots = pLimit(ctx.parallel);
    ctx.journal.track(() => this.resources());
  }

  get hasFailed(): boolean {
    return this.failed;
  }

  registerResource(registration: Registration): Promise<RegistrationResult> {
    const urn = this.urnOf(registration);
    return this.guard(urn, () => this.register(urn, registration));
  }

  readResource(registration: ReadRegistration): Promise<RegistrationResult> {
    const urn = this.urnOf(registration);
    return this.guard(urn, () => this.read(urn, registration));
  }

  registerResourceOutputs(urn: string, outputs: PropertyMap): Promise<void> {
    return this.guard(urn, async () => {
      const state = this.newByUrn.get(urn);
      if (!state)
        throw stepFailure(urn, `cannot complete a resource '${urn}' whose registration isn't pending`);
      state.outputs = outputs;
      if (urn === this.stackUrn) this.stackOutputs = outputs;
    });
  }

  /** Marks the deployment failed and logs why (if told); from then on registrations are refused. */
  fail(err?: unknown): void {
    this.failed = true;
    if (err === undefined) return;
    for (const entry of stepFailure("", err).diagnostics) {
      this.ctx.log(entry.urn ? entry : { severity: entry.severity, message: entry.message });
    }
  }

  /**
   * After the program exited successfully: deletes what it no longer registers, dependents first, in
   * waves of independent deletes run up to `parallel` at once (as destroy does).
   */
  async deleteUnregistered(): Promise<void> {
    const { deletes, errors } = this.ctx.targets.allowedDeletes(this.ctx.olds, this.leftovers());
    if (errors.length > 0) {
      // GenerateDeletes: every untargeted delete is reported, and nothing is deleted.
      for (const entry of errors) this.ctx.log(entry);
      this.failed = true;
      return;
    }
    for (const wave of deletionWaves(deletes)) {
      await Promise.all(
        wave.map((resource) =>
          this.stepSlots(async () => {
            if (this.failed) return;
            try {
              await this.deleteOld(resource, resource.delete ? "delete-replaced" : "delete");
            } catch (err) {
              this.fail(err);
            }
          }),
        ),
      );
      if (this.failed) return;
    }
  }

  /** The new state: this run's states, then the old ones still standing (all of them after a failure). */
  resources(): ResourceState[] {
    return [...this.news, ...this.leftovers()];
  }

  private leftovers(): ResourceState[] {
    const standing: ResourceState[] = [];
    for (const old of this.ctx.olds) {
      const state = this.pendingDeletes.get(old) ?? (this.superseded.has(old) ? undefined : old);
      if (state && !this.deleted.has(state)) standing.push(state);
    }
    return standing;
  }

  /** Runs a registration's steps; any failure fails the deployment, with the resource's URN on it. */
  private async guard<T>(urn: string, work: () => Promise<T>): Promise<T> {
    if (this.failed) throw new GrpcError(grpc.status.UNAVAILABLE, monitorClosedMessage);
    let result: T;
    try {
      result = await work();
    } catch (err) {
      this.fail(stepFailure(urn, err));
      throw new GrpcError(grpc.status.UNAVAILABLE, monitorShutdownMessage);
    }
    // A step that finished after another one failed is kept, but the program is stopped all the same.
    if (this.failed) throw new GrpcError(grpc.status.UNAVAILABLE, monitorShutdownMessage);
    return result;
  }

  private urnOf(registration: { type: string; name: string; parent: string }): string {
    const { type, name, parent } = registration;
    return makeUrn(this.ctx.stack, this.ctx.project, type, name, parent);
  }

  private async register(urn: string, registration: Registration): Promise<RegistrationResult> {
    const { type, name } = registration;
    this.claim(urn);
    if (registration.remote) throw stepFailure(urn, `${type}: multi-language components are not supported`);
    if (registration.importId) {
      // As with the real engine, a dynamic resource cannot be imported (pulumi/pulumi#16175).
      throw stepFailure(urn, `${type} resource '${name}': import is not supported for dynamic resources`);
    }
    if (!registration.custom) return this.registerComponent(urn, registration);
    if (!isDynamicResourceType(type) || registration.provider) {
      throw stepFailure(urn, `${type} resource '${name}': the test engine runs only dynamic resources`);
    }
    return this.stepSlots(() => this.registerDynamic(urn, registration));
  }

  private claim(urn: string): void {
    if (this.registered.has(urn)) {
      throw stepFailure(urn, `Duplicate resource URN '${urn}'; try giving it a unique name`);
    }
    this.registered.add(urn);
  }

  /** The old state at this URN, or else at the first of its aliases not already claimed. */
  private oldFor(urn: string, registration: Registration): ResourceState | undefined {
    const own = this.oldByUrn.get(urn);
    if (own) return own;
    const { stack, project } = this.ctx;
    const context = { stack, project, aliasedFrom: this.aliasedFrom };
    for (const alias of aliasUrns(registration.aliases, registration, context)) {
      const old = this.oldByUrn.get(alias);
      if (old && !this.superseded.has(old) && !this.registered.has(alias)) {
        this.aliasedFrom.set(urn, alias);
        return old;
      }
    }
    return undefined;
  }

  /**
   * Outside `--target`: no provider call. An existing resource keeps its old state (a same step); a new
   * one is a "skipped create", never written to the checkpoint (generateSteps, NewSkippedCreateStep).
   */
  private untargeted(
    urn: string,
    registration: Registration,
    old: ResourceState | undefined,
  ): RegistrationResult {
    if (!old) return { urn, id: "", outputs: registration.inputs };
    const same = this.record({ ...old, urn }, old);
    this.step("same", urn);
    return { urn, id: same.id ?? "", outputs: same.outputs };
  }

  private registerComponent(urn: string, registration: Registration): RegistrationResult {
    const old = this.oldFor(urn, registration);
    if (registration.type === rootStackType && !registration.parent) this.stackUrn = urn;
    const diffs = old ? changedKeys(old.inputs, registration.inputs) : [];
    this.record(
      {
        urn,
        custom: false,
        type: registration.type,
        inputs: registration.inputs,
        // A component's outputs come with RegisterResourceOutputs; until then the old ones stand.
        outputs: old?.outputs ?? {},
        ...relations(registration),
        ...timestamps(old, diffs.length > 0),
      },
      old,
    );
    this.step(!old ? "create" : diffs.length > 0 ? "update" : "same", urn, diffs.length > 0 ? { diffs } : {});
    return { urn, id: "", outputs: {} };
  }

  private async registerDynamic(urn: string, registration: Registration): Promise<RegistrationResult> {
    const pending: Pending = {
      provider: await this.ctx.providers.client(),
      ref: { urn, name: registration.name, type: registration.type },
      registration,
    };
    const old = this.oldFor(urn, registration);
    const providerRef = await this.ensureDefaultProvider();
    const related = [
      registration.parent,
      ...registration.dependencies,
      ...Object.values(registration.propertyDependencies).flat(),
    ].filter(Boolean);
    if (!this.ctx.targets.includes(urn, related)) return this.untargeted(urn, registration, old);
    const news = old
      ? applyIgnoreChanges(registration.inputs, old.inputs, registration.ignoreChanges)
      : registration.inputs;
    // A targeted replacement is checked as a new resource, without its old inputs (step_generator.go,
    // generateSteps: "if the resource has been targeted for replacement, ignore its old state").
    const checkOlds = old && !this.ctx.replace.has(urn) && !this.recreate.has(urn) ? old.inputs : {};
    const checked = await pending.provider.check(pending.ref, checkOlds, news);
    const inputs = annotateSecrets(checked.inputs, news);
    if (checked.failures.length > 0) {
      throw new DeploymentError(
        checked.failures.map((failure) => ({
          severity: "error",
          urn,
          message: checkFailureMessage(registration.type, registration.name, inputs, failure),
        })),
      );
    }
    const state: ResourceState = {
      urn,
      custom: true,
      type: registration.type,
      inputs,
      outputs: {},
      ...relations(registration),
      ...(providerRef ? { provider: providerRef } : {}),
      additionalSecretOutputs: registration.additionalSecretOutputs,
      ignoreChanges: registration.ignoreChanges,
      replaceOnChanges: registration.replaceOnChanges,
      // An unset option is false, not the old value (generateResourceSteps: `protectState`).
      protect: registration.protect ?? false,
      retainOnDelete: registration.retainOnDelete ?? false,
    };
    const recreateKeys = this.recreate.get(urn);
    const done = recreateKeys
      ? await this.recreateDeleted(pending, state, recreateKeys)
      : old
        ? await this.change(pending, old, state)
        : await this.create(pending, state);
    if (!old) this.step("create", urn);
    return { urn, id: done.id ?? "", outputs: done.outputs };
  }

  /**
   * A replacement is a new object: its defaults are computed again by a Check without the old inputs, on
   * the program's own inputs (step_generator.go, generateStepsFromDiff: "If we are going to perform a
   * replacement, we need to recompute the default values"; a targeted replacement was already checked
   * that way). An autonaming provider gives the replacement a fresh name here.
   */
  private async recheckForReplacement(pending: Pending, state: ResourceState): Promise<ResourceState> {
    const goal = pending.registration.inputs;
    const checked = await pending.provider.check(pending.ref, {}, goal);
    const inputs = annotateSecrets(checked.inputs, goal);
    if (checked.failures.length > 0) {
      const { type, name } = pending.registration;
      throw new DeploymentError(
        checked.failures.map((failure) => ({
          severity: "error",
          urn: pending.ref.urn,
          message: checkFailureMessage(type, name, inputs, failure),
        })),
      );
    }
    return { ...state, inputs };
  }

  private async change(pending: Pending, old: ResourceState, state: ResourceState): Promise<ResourceState> {
    const plan = await planChange(pending, old, state.inputs, this.ctx.replace.has(pending.ref.urn));
    const urn = pending.ref.urn;
    if (plan.kind === "same") {
      const same = this.record(
        { ...state, id: old.id, outputs: old.outputs, ...timestamps(old, false) },
        old,
      );
      this.step("same", urn);
      return same;
    }
    if (plan.kind === "update") {
      const updated = await this.update(pending, old, state);
      this.step("update", urn, { diffs: plan.diffs });
      return updated;
    }
    const detail = { diffs: plan.diffs, replaces: plan.replaces };
    // continueStepsFromDiff: a replacement deletes, so it fails before any provider call while both the
    // old and the new state are protected (unprotecting and replacing in one update is allowed).
    if (state.protect && old.protect) throw stepFailure(urn, replaceProtectedMessage(urn));
    if (!this.ctx.replace.has(urn)) state = await this.recheckForReplacement(pending, state);
    if (plan.deleteBeforeReplace) {
      await this.deleteDependents(old);
      await this.deleteOld(old, "delete-replaced");
      const created = await this.create(pending, state);
      this.step("replace", urn, detail);
      this.step("create-replacement", urn, detail);
      return created;
    }
    // Create-before-delete: the old resource is marked for deletion once its replacement exists (even
    // partially) and deleted after the program has finished.
    const markOld = (): void => {
      this.superseded.add(old);
      this.pendingDeletes.set(old, { ...old, delete: true });
    };
    const created = await this.create(pending, state, markOld);
    markOld();
    this.step("create-replacement", urn, detail);
    this.step("replace", urn, detail);
    return created;
  }

  /**
   * Before a delete-before-replace, the dependents that its replacement would replace are deleted, last
   * first (continueStepsFromDiff); each is created again when the program registers it.
   */
  private async deleteDependents(root: ResourceState): Promise<void> {
    const dependents = await dependentReplacements(root, this.ctx.olds, this.registered, this.ctx.providers);
    for (const { resource, keys } of dependents.reverse()) {
      const underway = this.dependentDeletes.get(resource.urn);
      if (underway) {
        await underway;
        continue;
      }
      if (resource.protect) throw stepFailure(root.urn, dependentProtectedMessage(resource.urn, root.urn));
      this.recreate.set(resource.urn, keys);
      const deletion = this.deleteOld(resource, "delete-replaced");
      this.dependentDeletes.set(resource.urn, deletion);
      await deletion;
    }
  }

  /** "Case 1: recreating" in generateSteps: no diff, a replace and a create-replacement. */
  private async recreateDeleted(
    pending: Pending,
    state: ResourceState,
    keys: string[],
  ): Promise<ResourceState> {
    this.recreate.delete(state.urn);
    this.step("replace", state.urn, { replaces: keys });
    const created = await this.create(pending, state);
    this.step("create-replacement", state.urn, { replaces: keys });
    return created;
  }

  private async create(
    pending: Pending,
    state: ResourceState,
    onPartial?: () => void,
  ): Promise<ResourceState> {
    const stamped = { ...state, ...timestamps(undefined, true) };
    if (this.ctx.dryRun) {
      // No Create in a preview: the inputs stand for the outputs; the rest, and the id, stay unknown.
      return this.record({ ...stamped, outputs: stamped.inputs });
    }
    // snapshot.go doCreate: the pending `creating` operation is on disk before Create is sent.
    const operation = await this.ctx.journal.begin("creating", stamped);
    try {
      const created = await pending.provider.create(pending.ref, state.inputs);
      if (!created.id) throw new ProviderError("provider did not return an ID from Create");
      return this.record({
        ...stamped,
        id: created.id,
        outputs: this.secretOutputs(created.outputs, state.inputs, pending),
      });
    } catch (err) {
      if (err instanceof ProviderError && err.partial?.id) {
        // A partial create: the resource exists, so it stays in state with why it failed to initialise.
        const { id, outputs, reasons } = err.partial;
        this.record({
          ...stamped,
          id,
          outputs: this.secretOutputs(outputs, state.inputs, pending),
          initErrors: reasons,
        });
        onPartial?.();
      }
      throw stepFailure(pending.ref.urn, err);
    } finally {
      await this.ctx.journal.end(operation);
    }
  }

  private async update(pending: Pending, old: ResourceState, state: ResourceState): Promise<ResourceState> {
    const stamped = { ...state, id: old.id, ...timestamps(old, true) };
    if (this.ctx.dryRun) return this.record({ ...stamped, outputs: stamped.inputs }, old);
    const operation = await this.ctx.journal.begin("updating", stamped);
    try {
      const { provider, ref, registration } = pending;
      const outputs = await provider.update(
        ref,
        old.id ?? "",
        old.outputs,
        old.inputs,
        state.inputs,
        registration.ignoreChanges,
      );
      return this.record({ ...stamped, outputs: this.secretOutputs(outputs, state.inputs, pending) }, old);
    } catch (err) {
      if (err instanceof ProviderError && err.partial) {
        const { outputs, reasons } = err.partial;
        this.record(
          { ...stamped, outputs: this.secretOutputs(outputs, state.inputs, pending), initErrors: reasons },
          old,
        );
      }
      throw stepFailure(pending.ref.urn, err);
    } finally {
      await this.ctx.journal.end(operation);
    }
  }

  /** `Resource.get` of a dynamic resource: a Read step; the resource is recorded as external. */
  private async read(urn: string, registration: ReadRegistration): Promise<RegistrationResult> {
    const { type, name } = registration;
    this.claim(urn);
    if (!isDynamicResourceType(type) || registration.provider) {
      throw stepFailure(urn, `${type} resource '${name}': the test engine reads only dynamic resources`);
    }
    const provider = await this.ctx.providers.client();
    const providerRef = await this.ensureDefaultProvider();
    const operation = await this.ctx.journal.begin("reading", {
      urn,
      custom: true,
      external: true,
      id: registration.id,
      type,
      inputs: registration.properties,
      outputs: {},
      dependencies: registration.dependencies,
      propertyDependencies: {},
    });
    const read = await provider
      .read({ urn, name, type }, registration.id, registration.properties, {})
      .finally(() => this.ctx.journal.end(operation));
    if (!read.id) throw stepFailure(urn, `resource '${registration.id}' does not exist`);
    const outputs = markSecretKeys(
      annotateSecrets(read.outputs, registration.properties),
      registration.additionalSecretOutputs,
    );
    const state = this.record(
      {
        urn,
        custom: true,
        external: true,
        id: read.id,
        type,
        inputs: registration.properties,
        outputs,
        parent: registration.parent || undefined,
        dependencies: registration.dependencies,
        propertyDependencies: {},
        ...(providerRef ? { provider: providerRef } : {}),
        ...timestamps(undefined, true),
      },
      this.oldByUrn.get(urn),
    );
    this.step("read", urn);
    return { urn, id: read.id, outputs: state.outputs };
  }

  private async deleteOld(resource: ResourceState, op: StepOp): Promise<void> {
    await deleteResource(
      this.ctx.providers,
      this.ctx.journal,
      resource,
      { replacing: op === "delete-replaced", dryRun: this.ctx.dryRun },
      () => this.deleted.add(resource),
    );
    // The CLI does not list default providers among the steps.
    if (resource.type !== dynamicProviderType) this.step(op, resource.urn);
  }

  /**
   * Dynamic resources belong to the default `pulumi-nodejs` provider, itself a resource in state and
   * referenced as `<urn>::<id>`. In a preview of a new stack its id is not known yet.
   */
  private ensureDefaultProvider(): Promise<string | undefined> {
    this.defaultProvider ??= (async () => {
      const urn = makeUrn(this.ctx.stack, this.ctx.project, dynamicProviderType, "default", "");
      const old = this.oldByUrn.get(urn);
      const id = old?.id ?? (this.ctx.dryRun ? undefined : randomUUID());
      const provider: ResourceState = {
        urn,
        custom: true,
        id,
        type: dynamicProviderType,
        inputs: {},
        outputs: {},
        dependencies: [],
        propertyDependencies: {},
        ...timestamps(old, false),
      };
      this.record(provider, old);
      return id ? `${urn}::${id}` : undefined;
    })();
    return this.defaultProvider;
  }

  /** Outputs are secret where the same-named input was, or where `additionalSecretOutputs` says so. */
  private secretOutputs(outputs: PropertyMap, inputs: PropertyMap, pending: Pending): PropertyMap {
    return markSecretKeys(annotateSecrets(outputs, inputs), pending.registration.additionalSecretOutputs);
  }

  private record(state: ResourceState, old?: ResourceState): ResourceState {
    if (old) this.superseded.add(old);
    const existing = this.newByUrn.get(state.urn);
    if (existing) this.news.splice(this.news.indexOf(existing), 1);
    this.news.push(state);
    this.newByUrn.set(state.urn, state);
    return state;
  }

  private step(op: StepOp, urn: string, detail: Pick<Step, "diffs" | "replaces"> = {}): void {
    this.steps.push({ ...stepFor(op, urn), ...detail });
  }
}

function relations(
  registration: Registration,
): Pick<ResourceState, "parent" | "dependencies" | "propertyDependencies"> {
  return {
    parent: registration.parent || undefined,
    dependencies: registration.dependencies,
    propertyDependencies: registration.propertyDependencies,
  };
}

function timestamps(
  old: ResourceState | undefined,
  modified: boolean,
): Pick<ResourceState, "created" | "modified"> {
  const now = new Date().toISOString();
  return { created: old?.created ?? now, modified: modified || !old ? now : old.modified };
}
