/** One gRPC server on an ephemeral loopback port, hosting the engine's services for one operation. */
import * as grpc from "@grpc/grpc-js";

/** Same limit as the SDK's grpcChannelOptions (@pulumi/pulumi/runtime/settings.js): state can be large. */
export const grpcOptions: grpc.ChannelOptions = {
  "grpc.max_receive_message_length": 400 * 1024 * 1024,
  "grpc.max_send_message_length": 400 * 1024 * 1024,
};

export interface ServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

export interface RunningServer {
  address: string;
  stop(): Promise<void>;
}

export async function startGrpcServer(services: readonly ServiceBinding[]): Promise<RunningServer> {
  const server = new grpc.Server(grpcOptions);
  for (const service of services) server.addService(service.definition, service.implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        // A program killed mid-call leaves streams open; don't wait on them for long.
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2000);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** Adapts an async handler to a unary gRPC method; a thrown GrpcError keeps its status code. */
export function unary<Req, Res>(handler: (request: Req) => Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handler(call.request).then(
      (response) => callback(null, response),
      (err: unknown) => {
        const code = err instanceof GrpcError ? err.code : grpc.status.UNKNOWN;
        callback({ code, details: err instanceof Error ? err.message : String(err) });
      },
    );
  };
}

export class GrpcError extends Error {
  constructor(
    readonly code: grpc.status,
    message: string,
  ) {
    super(message);
  }
}

export function unimplemented(method: string): grpc.handleUnaryCall<unknown, never> {
  return (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `${method} is not implemented by the test engine` });
}
