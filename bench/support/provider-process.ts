/**
 * Pulumi's dynamic-provider process, started and driven here directly over gRPC as the engine drives it
 * (Configure, Check, Create), so that its cold start can be timed without the program around it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import {
  CheckRequest,
  CheckResponse,
  ConfigureRequest,
  ConfigureResponse,
  CreateRequest,
  CreateResponse,
} from "@pulumi/pulumi/proto/provider_pb";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";

type Props = Record<string, unknown>;

/** How the engine hands a secret to the provider: the SDK's own signature of a secret value. */
export const wrapSecret = (value: unknown): Props => ({ [specialSigKey]: specialSecretSig, value });

export interface ResourceRef {
  urn: string;
  name: string;
  type: string;
}

export class ProviderProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly client: ResourceProviderClient,
  ) {}

  /** Starts the process in the program's directory (whose node_modules hold the package) and connects. */
  static async start(programDir: string, env: Record<string, string>): Promise<ProviderProcess> {
    const script = require.resolve("@pulumi/pulumi/cmd/dynamic-provider", { paths: [programDir] });
    // The engine address is only used for logging, which the providers measured here never do.
    const child = spawn(process.execPath, [script, "127.0.0.1:1"], {
      cwd: programDir,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const port = await firstLine(child);
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new ProviderProcess(child, client);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  async configure(config: Props): Promise<void> {
    const request = new ConfigureRequest()
      .setArgs(Struct.fromJavaScript(config as never))
      .setAcceptsecrets(true);
    await unary<ConfigureResponse>((callback) => this.client.configure(request, callback));
  }

  /** Check, then Create with the checked inputs; returns the new id. */
  async checkAndCreate(resource: ResourceRef, news: Props): Promise<string> {
    const check = new CheckRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setOlds(Struct.fromJavaScript({}))
      .setNews(Struct.fromJavaScript(news as never));
    const checked = await unary<CheckResponse>((callback) => this.client.check(check, callback));
    if (checked.getFailuresList().length > 0) {
      throw new Error(
        `check failed: ${checked
          .getFailuresList()
          .map((f) => f.getReason())
          .join("; ")}`,
      );
    }
    const create = new CreateRequest()
      .setUrn(resource.urn)
      .setName(resource.name)
      .setType(resource.type)
      .setProperties(checked.getInputs());
    const created = await unary<CreateResponse>((callback) => this.client.create(create, callback));
    return created.getId();
  }

  async stop(): Promise<void> {
    this.client.close();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await exited;
  }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => resolve(line.trim()));
    child.once("exit", (code) =>
      reject(new Error(`the dynamic provider exited (${code}) before printing its port`)),
    );
  });
}

function unary<T>(
  call: (callback: (error: grpc.ServiceError | null, response: T) => void) => unknown,
): Promise<T> {
  return new Promise((resolve, reject) => {
    call((error, response) => (error ? reject(error) : resolve(response)));
  });
}
