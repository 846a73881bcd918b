/** The engine's Log service, as far as a plugin calls it: what it was sent, for a test to read. */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engine from "@pulumi/pulumi/proto/engine_pb";

export interface FakeEngine {
  address: string;
  logs: { severity: engine.LogSeverity; message: string }[];
  close(): Promise<void>;
}

export async function startFakeEngine(): Promise<FakeEngine> {
  const logs: FakeEngine["logs"] = [];
  const server = new grpc.Server();
  const log = (call: grpc.ServerUnaryCall<engine.LogRequest, Empty>, callback: grpc.sendUnaryData<Empty>) => {
    logs.push({ severity: call.request.getSeverity(), message: call.request.getMessage() });
    callback(null, new Empty());
  };
  server.addService(engineGrpc.EngineService, { log } as unknown as engineGrpc.IEngineServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    logs,
    close: () => new Promise((resolve) => server.tryShutdown(() => resolve())),
  };
}
