import * as grpc from "@grpc/grpc-js";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engine from "@pulumi/pulumi/proto/engine_pb";

/** Messages for the user, through the engine's log (they show in the CLI's diagnostics). */
export interface EngineLog {
  warn(message: string): Promise<void>;
  close(): void;
}

/**
 * The engine's Log service at the address the engine passes a plugin as its argument. A message that cannot
 * be delivered is dropped: a warning must never fail the call that gives it.
 */
export function engineLog(address: string): EngineLog {
  const client = new engineGrpc.EngineClient(address, grpc.credentials.createInsecure());
  return {
    warn: (message) =>
      new Promise((resolve) => {
        const request = new engine.LogRequest().setSeverity(engine.LogSeverity.WARNING).setMessage(message);
        client.log(request, () => resolve());
      }),
    close: () => client.close(),
  };
}
