/**
 * One operation on a stack, start to end: load state, serve the engine over gRPC, start the dynamic
 * provider when needed, run the program (preview/up) or not (refresh/destroy), save state, and report.
 * A failed deployment resolves with `error` set; only a broken environment rejects.
 */
import { Checkpointer } from "./checkpoint";
import { Deployment } from "./deployment";
import { pendingOperationsWarning, unknownTargetMessage } from "./diagnostics";
import { destroyResources } from "./destroy";
import { engineService } from "./engine-service";
import { startGrpcServer } from "./grpc-server";
import type { ServiceBinding } from "./grpc-server";
import { resourceMonitorService } from "./monitor";
import { containsSecrets, makeSecret, unwrapSecrets } from "./properties";
import type { PropertyMap } from "./properties";
import type { StreamName } from "./child-process";
import type { ProgramDir } from "./program-dir";
import { runProgram } from "./program-runner";
import { DynamicProviderHost } from "./provider-client";
import type { ProviderCall } from "./provider-client";
import { editPendingCreates } from "./pending-creates";
import { refreshResources } from "./refresh";
import type { PassphraseCrypter } from "./secrets";
import type { ResourceState, Snapshot, StateFile } from "./state";
import { Targets } from "./targets";
import type {
  DestroyOptions,
  LogEntry,
  OperationResult,
  RefreshOptions,
  StackOutput,
  Step,
  UpOptions,
} from "./types";
import { rootStackType } from "./urn";

export type OperationKind = "preview" | "up" | "refresh" | "destroy";

/** The flags of any operation; each kind reads its own. */
export type OperationOptions = UpOptions & RefreshOptions & DestroyOptions;

/** What an aborted (killed) operation reports. */
export const interruptedMessage = "interrupted";

export interface StackContext {
  program: ProgramDir;
  project: string;
  stack: string;
  stateFile: StateFile;
  crypter: PassphraseCrypter;
  /** Decrypted values keyed `<namespace>:<name>`. */
  config: Readonly<Record<string, string>>;
  secretKeys: ReadonlySet<string>;
  env: Readonly<Record<string, string>>;
  typecheck: boolean;
  parallel: number;
  timeoutMs: number;
  onProviderLine(stream: StreamName, line: string): void;
  onProviderCall?: (call: ProviderCall) => void;
}

interface Outcome {
  steps: Step[];
  resources: ResourceState[];
  stackOutputs?: PropertyMap;
  failed: boolean;
}

export async function runOperation(
  ctx: StackContext,
  kind: OperationKind,
  options: OperationOptions = {},
): Promise<OperationResult> {
  const started = Date.now();
  const log: LogEntry[] = [];
  const onLog = (entry: LogEntry): void => {
    // The CLI shows debug messages only with -v; so does this engine (they would be most of the log).
    if (entry.severity !== "debug") log.push(entry);
  };
  const stackName = `organization/${ctx.project}/${ctx.stack}`;
  let base = await ctx.stateFile.snapshot(ctx.crypter);
  if (kind === "refresh") base = await editPendingCreates(ctx, stackName, base, options, onLog);
  const journal = new Checkpointer(
    ctx.stateFile,
    stackName,
    ctx.crypter,
    base.pendingOperations,
    kind !== "preview",
  );
  const interrupt = (): void => journal.halt();
  options.signal?.addEventListener("abort", interrupt, { once: true });
  let outcome: Outcome;
  try {
    outcome = options.signal?.aborted
      ? { steps: [], resources: base.resources, failed: true }
      : await dispatch(ctx, kind, options, base, journal, onLog, () =>
          log.some((entry) => entry.severity === "error"),
        );
    if (kind !== "preview") {
      journal.track(() => outcome.resources);
      await journal.write();
    }
  } finally {
    options.signal?.removeEventListener("abort", interrupt);
  }
  const stackOutputs =
    outcome.stackOutputs ??
    outcome.resources.find((r) => r.type === rootStackType && !r.parent)?.outputs ??
    {};
  const errors = log.filter((entry) => entry.severity === "error").map((entry) => entry.message);
  const error = journal.isHalted ? interruptedMessage : errors.join("\n") || `${kind} failed`;
  return {
    steps: outcome.steps,
    outputs: toStackOutputs(stackOutputs),
    log,
    ...(outcome.failed || journal.isHalted ? { error } : {}),
    durationMs: Date.now() - started,
  };
}

function dispatch(
  ctx: StackContext,
  kind: OperationKind,
  options: OperationOptions,
  base: Snapshot,
  journal: Checkpointer,
  onLog: (entry: LogEntry) => void,
  hasLoggedError: () => boolean,
): Promise<Outcome> {
  const targetUrns = options.targets && options.targets.length > 0 ? new Set(options.targets) : undefined;
  const unknown = [...(targetUrns ?? [])].filter((urn) => !base.resources.some((r) => r.urn === urn));
  if (unknown.length > 0 && kind !== "up" && kind !== "preview") {
    // deploymentExecutor.checkTargets; for up, a target may also be a resource the program creates.
    for (const urn of unknown) onLog({ severity: "error", message: unknownTargetMessage(urn) });
    return Promise.resolve({ steps: [], resources: base.resources, failed: true });
  }
  const targets = new Targets(targetUrns, options.targetDependents ?? false);
  if (kind === "preview" || kind === "up") {
    return deploy(ctx, base, kind === "preview", options, journal, targets, onLog, hasLoggedError);
  }
  return withProvider(ctx, [], options.signal, onLog, (providers) => {
    if (kind === "refresh") {
      journal.track(() => base.resources);
      return refreshResources(base.resources, providers, targetUrns, ctx.parallel, onLog);
    }
    return destroyResources(base.resources, providers, journal, targets, ctx.parallel, onLog);
  });
}

async function deploy(
  ctx: StackContext,
  base: Snapshot,
  dryRun: boolean,
  options: UpOptions,
  journal: Checkpointer,
  targets: Targets,
  onLog: (entry: LogEntry) => void,
  hasLoggedError: () => boolean,
): Promise<Outcome> {
  if (!dryRun && !options.refresh && base.pendingOperations.length > 0) {
    // deploymentExecutor.Execute: an up (not a preview, not with --refresh) warns, then goes on.
    onLog({ severity: "warning", message: pendingOperationsWarning(base.pendingOperations) });
  }
  // The server must exist before the deployment (its address is the provider's engine address), so the
  // monitor forwards to the deployment once there is one; the program only calls it after that.
  let deployment: Deployment | undefined;
  const current = (): Deployment => {
    if (!deployment) throw new Error("the deployment has not started");
    return deployment;
  };
  const monitor: ServiceBinding = resourceMonitorService({
    registerResource: (registration) => current().registerResource(registration),
    readResource: (registration) => current().readResource(registration),
    registerResourceOutputs: (urn, outputs) => current().registerResourceOutputs(urn, outputs),
  });
  return withProvider(ctx, [monitor], options.signal, onLog, async (providers, serverAddress) => {
    // `up --refresh` refreshes every resource first (deploymentExecutor.refresh), then runs the program.
    const refreshed = options.refresh
      ? await refreshResources(base.resources, providers, undefined, ctx.parallel, onLog)
      : undefined;
    if (refreshed?.failed) return { ...refreshed };
    const running = new Deployment({
      project: ctx.project,
      stack: ctx.stack,
      dryRun,
      olds: refreshed?.resources ?? base.resources,
      providers,
      parallel: ctx.parallel,
      journal,
      replace: new Set(options.replace ?? []),
      targets,
      log: onLog,
    });
    deployment = running;
    const exit = await runProgram({
      program: ctx.program,
      serverAddress,
      project: ctx.project,
      stack: ctx.stack,
      dryRun,
      parallel: ctx.parallel,
      config: ctx.config,
      secretKeys: [...ctx.secretKeys],
      env: ctx.env,
      typecheck: ctx.typecheck,
      timeoutMs: ctx.timeoutMs,
      signal: options.signal,
      onLine: (stream, line) => onLog({ severity: stream === "stdout" ? "info" : "info#err", message: line }),
    });
    if (options.signal?.aborted) running.fail();
    if (!running.hasFailed && (exit.timedOut || exit.code !== 0)) {
      // The SDK has logged the program's error through Engine.Log already; say more only if it has not.
      const reason = exit.timedOut
        ? `the program did not finish within ${ctx.timeoutMs} ms`
        : `the program exited with code ${exit.code ?? exit.signal}`;
      running.fail(hasLoggedError() && !exit.timedOut ? undefined : reason);
    }
    if (!running.hasFailed) await running.deleteUnregistered();
    return {
      steps: [...(refreshed?.steps ?? []), ...running.steps],
      resources: running.resources(),
      stackOutputs: running.stackOutputs,
      failed: running.hasFailed,
    };
  });
}

/** Serves the engine (and the monitor, for a program), and stops the provider process afterwards. */
async function withProvider<T>(
  ctx: StackContext,
  services: readonly ServiceBinding[],
  signal: AbortSignal | undefined,
  onLog: (entry: LogEntry) => void,
  work: (providers: DynamicProviderHost, serverAddress: string) => Promise<T>,
): Promise<T> {
  const server = await startGrpcServer([...services, engineService(onLog)]);
  const providers = new DynamicProviderHost({
    program: ctx.program,
    engineAddress: server.address,
    project: ctx.project,
    stack: ctx.stack,
    env: ctx.env,
    config: providerConfig(ctx),
    onLine: ctx.onProviderLine,
    onProviderCall: ctx.onProviderCall,
  });
  // A killed CLI takes its provider processes with it: calls under way fail.
  const kill = (): void => providers.kill();
  signal?.addEventListener("abort", kill, { once: true });
  try {
    return await work(providers, server.address);
  } finally {
    signal?.removeEventListener("abort", kill);
    await providers.close();
    await server.stop();
  }
}

/** The whole stack config for the provider's Configure: namespaced keys, secrets wrapped. */
function providerConfig(ctx: StackContext): PropertyMap {
  const config: PropertyMap = {};
  for (const [key, value] of Object.entries(ctx.config)) {
    config[key] = ctx.secretKeys.has(key) ? makeSecret(value) : value;
  }
  return config;
}

function toStackOutputs(outputs: PropertyMap): Record<string, StackOutput> {
  const result: Record<string, StackOutput> = {};
  for (const [key, value] of Object.entries(outputs)) {
    result[key] = { value: unwrapSecrets(value), secret: containsSecrets(value) };
  }
  return result;
}
