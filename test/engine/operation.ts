/**
 * One operation on a stack, start to end: load state, serve the engine over gRPC, start the dynamic
 * provider when needed, run the program (preview/up) or not (refresh/destroy), save state, and report.
 * A failed deployment resolves with `error` set; only a broken environment rejects.
 */
import { Deployment } from "./deployment";
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
import { refreshResources } from "./refresh";
import type { PassphraseCrypter } from "./secrets";
import type { ResourceState, StateFile } from "./state";
import type { LogEntry, OperationResult, StackOutput, Step } from "./types";
import { rootStackType } from "./urn";

export type OperationKind = "preview" | "up" | "refresh" | "destroy";

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
}

interface Outcome {
  steps: Step[];
  resources: ResourceState[];
  stackOutputs?: PropertyMap;
  failed: boolean;
}

export async function runOperation(ctx: StackContext, kind: OperationKind): Promise<OperationResult> {
  const started = Date.now();
  const log: LogEntry[] = [];
  const onLog = (entry: LogEntry): void => {
    // The CLI shows debug messages only with -v; so does this engine (they would be most of the log).
    if (entry.severity !== "debug") log.push(entry);
  };
  const olds = await ctx.stateFile.load(ctx.crypter);
  const outcome: Outcome =
    kind === "preview" || kind === "up"
      ? await deploy(ctx, olds, kind === "preview", onLog, () =>
          log.some((entry) => entry.severity === "error"),
        )
      : await withProvider(ctx, [], onLog, (providers) =>
          kind === "refresh"
            ? refreshResources(olds, providers, ctx.parallel, onLog)
            : destroyResources(olds, providers, ctx.parallel, onLog),
        );
  if (kind !== "preview")
    await ctx.stateFile.save(`organization/${ctx.project}/${ctx.stack}`, outcome.resources, ctx.crypter);
  const stackOutputs =
    outcome.stackOutputs ??
    outcome.resources.find((r) => r.type === rootStackType && !r.parent)?.outputs ??
    {};
  const errors = log.filter((entry) => entry.severity === "error").map((entry) => entry.message);
  return {
    steps: outcome.steps,
    outputs: toStackOutputs(stackOutputs),
    log,
    ...(outcome.failed ? { error: errors.join("\n") || `${kind} failed` } : {}),
    durationMs: Date.now() - started,
  };
}

async function deploy(
  ctx: StackContext,
  olds: ResourceState[],
  dryRun: boolean,
  onLog: (entry: LogEntry) => void,
  hasLoggedError: () => boolean,
): Promise<Outcome> {
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
  return withProvider(ctx, [monitor], onLog, async (providers, serverAddress) => {
    const running = new Deployment({
      project: ctx.project,
      stack: ctx.stack,
      dryRun,
      olds,
      providers,
      parallel: ctx.parallel,
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
      onLine: (stream, line) => onLog({ severity: stream === "stdout" ? "info" : "info#err", message: line }),
    });
    if (!running.hasFailed && (exit.timedOut || exit.code !== 0)) {
      // The SDK has logged the program's error through Engine.Log already; say more only if it has not.
      const reason = exit.timedOut
        ? `the program did not finish within ${ctx.timeoutMs} ms`
        : `the program exited with code ${exit.code ?? exit.signal}`;
      running.fail(hasLoggedError() && !exit.timedOut ? undefined : reason);
    }
    if (!running.hasFailed) await running.deleteUnregistered();
    return {
      steps: running.steps,
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
  });
  try {
    return await work(providers, server.address);
  } finally {
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
