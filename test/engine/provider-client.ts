/**
 * The dynamic-provider process (@pulumi/pulumi/cmd/dynamic-provider) and a typed client for it. The
 * provider answers Configure with acceptSecrets=false, so every call here unwraps secrets first; callers
 * mark outputs secret again (see ../../../shared/design/engine-protocol.md "The dynamic provider").
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import {
  CheckRequest,
  CheckResponse,
  ConfigureRequest,
  ConfigureResponse,
  CreateRequest,
  CreateResponse,
  DeleteRequest,
  DiffRequest,
  DiffResponse,
  ErrorResourceInitFailed,
  ReadRequest,
  ReadResponse,
  UpdateRequest,
  UpdateResponse,
} from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { spawnNode } from "./child-process";
import type { NodeProcess, StreamName } from "./child-process";
import type { CheckFailure } from "./diagnostics";
import { grpcOptions } from "./grpc-server";
import { mapToStruct, structToMap, unwrapMap } from "./properties";
import type { PropertyMap } from "./properties";
import type { ProgramDir } from "./program-dir";

export type DiffChanges = "none" | "some" | "unknown";

export interface ProviderDiff {
  changes: DiffChanges;
  replaces: string[];
  diffs: string[];
  deleteBeforeReplace: boolean;
}

export interface ResourceRef {
  urn: string;
  name: string;
  type: string;
}

/** A failed Create/Update; `partial` is set when the provider reported ErrorResourceInitFailed. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly partial?: { id: string; outputs: PropertyMap; reasons: string[] },
  ) {
    super(message);
  }
}

/** A resource call the engine has sent to the provider (the test hook `onProviderCall`). */
export interface ProviderCall {
  method: "create" | "update" | "delete" | "read";
  urn: string;
}

export class DynamicProviderClient {
  constructor(
    private readonly client: ResourceProviderClient,
    private readonly onCall: (call: ProviderCall) => void = () => undefined,
  ) {}

  /** Configure with the whole stack config; secrets arrive wrapped, the provider unwraps them. */
  async configure(config: PropertyMap): Promise<void> {
    const request = new ConfigureRequest().setArgs(mapToStruct(config)).setAcceptsecrets(true);
    await call<ConfigureResponse>((cb) => this.client.configure(request, cb));
  }

  async check(
    resource: ResourceRef,
    olds: PropertyMap,
    news: PropertyMap,
  ): Promise<{ inputs: PropertyMap; failures: CheckFailure[] }> {
    const request = new CheckRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setOlds(mapToStruct(unwrapMap(olds)))
      .setNews(mapToStruct(unwrapMap(news)));
    const response = await call<CheckResponse>((cb) => this.client.check(request, cb));
    return {
      inputs: response.hasInputs() ? structToMap(response.getInputs()) : unwrapMap(news),
      failures: response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(
    resource: ResourceRef,
    id: string,
    oldOutputs: PropertyMap,
    oldInputs: PropertyMap,
    news: PropertyMap,
    ignoreChanges: readonly string[],
  ): Promise<ProviderDiff> {
    const request = new DiffRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setId(id)
      .setOlds(mapToStruct(unwrapMap(oldOutputs)))
      .setOldInputs(mapToStruct(unwrapMap(oldInputs)))
      .setNews(mapToStruct(unwrapMap(news)))
      .setIgnorechangesList([...ignoreChanges]);
    const response = await call<DiffResponse>((cb) => this.client.diff(request, cb));
    const changes = response.getChanges();
    return {
      changes:
        changes === DiffResponse.DiffChanges.DIFF_NONE
          ? "none"
          : changes === DiffResponse.DiffChanges.DIFF_SOME
            ? "some"
            : "unknown",
      replaces: response.getReplacesList(),
      diffs: response.getDiffsList(),
      deleteBeforeReplace: response.getDeletebeforereplace(),
    };
  }

  async create(resource: ResourceRef, inputs: PropertyMap): Promise<{ id: string; outputs: PropertyMap }> {
    const request = new CreateRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setProperties(mapToStruct(unwrapMap(inputs)));
    const response = await call<CreateResponse>((cb) => {
      this.client.create(request, cb);
      this.onCall({ method: "create", urn: resource.urn });
    }, true);
    return { id: response.getId(), outputs: structToMap(response.getProperties()) };
  }

  async update(
    resource: ResourceRef,
    id: string,
    oldOutputs: PropertyMap,
    oldInputs: PropertyMap,
    news: PropertyMap,
    ignoreChanges: readonly string[],
  ): Promise<PropertyMap> {
    const request = new UpdateRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setId(id)
      .setOlds(mapToStruct(unwrapMap(oldOutputs)))
      .setOldInputs(mapToStruct(unwrapMap(oldInputs)))
      .setNews(mapToStruct(unwrapMap(news)))
      .setIgnorechangesList([...ignoreChanges]);
    const response = await call<UpdateResponse>((cb) => {
      this.client.update(request, cb);
      this.onCall({ method: "update", urn: resource.urn });
    }, true);
    return structToMap(response.getProperties());
  }

  /** An empty id in the answer means the resource no longer exists. */
  async read(
    resource: ResourceRef,
    id: string,
    outputs: PropertyMap,
    inputs: PropertyMap,
  ): Promise<{ id: string; outputs: PropertyMap; inputs?: PropertyMap }> {
    const request = new ReadRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setId(id)
      .setProperties(mapToStruct(unwrapMap(outputs)))
      .setInputs(mapToStruct(unwrapMap(inputs)));
    const response = await call<ReadResponse>((cb) => {
      this.client.read(request, cb);
      this.onCall({ method: "read", urn: resource.urn });
    });
    return {
      id: response.getId(),
      outputs: structToMap(response.getProperties()),
      ...(response.hasInputs() ? { inputs: structToMap(response.getInputs()) } : {}),
    };
  }

  async delete(resource: ResourceRef, id: string, outputs: PropertyMap, inputs: PropertyMap): Promise<void> {
    const request = new DeleteRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setId(id)
      .setProperties(mapToStruct(unwrapMap(outputs)))
      .setOldInputs(mapToStruct(unwrapMap(inputs)));
    await call<Empty>((cb) => {
      this.client.delete(request, cb);
      this.onCall({ method: "delete", urn: resource.urn });
    });
  }

  close(): void {
    this.client.close();
  }
}

export interface ProviderHostOptions {
  program: ProgramDir;
  engineAddress: string;
  project: string;
  stack: string;
  env: Readonly<Record<string, string>>;
  /** The whole stack config, namespaced keys, secrets wrapped. */
  config: PropertyMap;
  onLine(stream: StreamName, line: string): void;
  /** Told right after each create/update/delete/read request has been sent. */
  onProviderCall?: (call: ProviderCall) => void;
}

/**
 * Starts the provider process on first use (a deployment without dynamic resources never starts one),
 * configures it once, and stops it with `close`.
 */
export class DynamicProviderHost {
  private started: Promise<{ process: NodeProcess; client: DynamicProviderClient }> | undefined;
  private killed = false;

  constructor(private readonly options: ProviderHostOptions) {}

  client(): Promise<DynamicProviderClient> {
    // After a kill nothing may start a provider again: the CLI that would run it is gone.
    if (this.killed) return Promise.reject(new Error("the provider process was killed"));
    this.started ??= this.start();
    return this.started.then((started) => started.client);
  }

  /** SIGKILL, as when the CLI that owns the provider is killed: calls under way fail. */
  kill(): void {
    this.killed = true;
    void this.started?.then(
      (started) => started.process.child.kill("SIGKILL"),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    if (!this.started) return;
    const started = await this.started.catch(() => undefined);
    started?.client.close();
    await started?.process.kill();
  }

  private async start(): Promise<{ process: NodeProcess; client: DynamicProviderClient }> {
    const { program, project, stack } = this.options;
    let resolvePort: (port: string) => void = () => undefined;
    const port = new Promise<string>((resolve) => (resolvePort = resolve));
    let portSeen = false;
    const stderr: string[] = [];
    const child = spawnNode(program.dynamicProviderScript, [this.options.engineAddress], {
      cwd: program.dir,
      env: {
        ...process.env,
        ...this.options.env,
        PULUMI_NODEJS_PROJECT: project,
        PULUMI_NODEJS_STACK: stack,
      },
      onLine: (stream, line) => {
        if (stream === "stdout" && !portSeen) {
          portSeen = true;
          resolvePort(line.trim());
          return;
        }
        if (stream === "stderr") stderr.push(line);
        this.options.onLine(stream, line);
      },
    });
    const exitedEarly = child.exited.then((exit) => {
      throw new Error(
        `the dynamic provider exited (code ${exit.code}) before printing its port: ${stderr.join("\n")}`,
      );
    });
    try {
      const address = `127.0.0.1:${await Promise.race([port, exitedEarly])}`;
      const client = new DynamicProviderClient(
        new ResourceProviderClient(address, grpc.credentials.createInsecure(), grpcOptions),
        this.options.onProviderCall,
      );
      await client.configure(this.options.config);
      return { process: child, client };
    } catch (err) {
      await child.kill();
      throw err;
    } finally {
      exitedEarly.catch(() => undefined);
    }
  }
}

type Callback<T> = (error: grpc.ServiceError | null, response: T) => void;

/** One unary call; with `mayFailPartially`, an ErrorResourceInitFailed detail becomes a ProviderError.partial. */
function call<T>(invoke: (callback: Callback<T>) => void, mayFailPartially = false): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    invoke((error, response) => {
      if (!error) return resolve(response);
      reject(
        new ProviderError(error.details || error.message, mayFailPartially ? initFailure(error) : undefined),
      );
    }),
  );
}

/** The details the dynamic provider packs into `grpc-status-details-bin` (grpcResponseFromError). */
function initFailure(error: grpc.ServiceError): ProviderError["partial"] {
  for (const raw of error.metadata?.get("grpc-status-details-bin") ?? []) {
    const status = Status.deserializeBinary(typeof raw === "string" ? Buffer.from(raw, "base64") : raw);
    for (const detail of status.getDetailsList()) {
      if (!detail.getTypeUrl().endsWith("pulumirpc.ErrorResourceInitFailed")) continue;
      const failure = ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8());
      return {
        id: failure.getId(),
        outputs: structToMap(failure.getProperties()),
        reasons: failure.getReasonsList(),
      };
    }
  }
  return undefined;
}
