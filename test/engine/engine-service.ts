/**
 * The Engine service (proto/pulumi/engine.proto): the program's log messages and errors arrive through
 * `Log`, and the SDK records its root Stack resource with Set/GetRootResource.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { IEngineServer } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { EngineService } from "@pulumi/pulumi/proto/engine_grpc_pb";
import {
  GetRootResourceResponse,
  LogSeverity,
  SetRootResourceResponse,
} from "@pulumi/pulumi/proto/engine_pb";
import type { ServiceBinding } from "./grpc-server";
import { unary, unimplemented } from "./grpc-server";
import type { LogEntry } from "./types";

const severities: Record<LogSeverity, LogEntry["severity"]> = {
  [LogSeverity.DEBUG]: "debug",
  [LogSeverity.INFO]: "info",
  [LogSeverity.WARNING]: "warning",
  [LogSeverity.ERROR]: "error",
};

export function engineService(onLog: (entry: LogEntry) => void): ServiceBinding {
  let rootUrn = "";
  const implementation: IEngineServer = {
    log: unary(async (request) => {
      const urn = request.getUrn();
      onLog({
        severity: severities[request.getSeverity()],
        message: request.getMessage(),
        ...(urn ? { urn } : {}),
      });
      return new Empty();
    }),
    setRootResource: unary(async (request) => {
      rootUrn = request.getUrn();
      return new SetRootResourceResponse();
    }),
    getRootResource: unary(async () => new GetRootResourceResponse().setUrn(rootUrn)),
    startDebugging: unimplemented("StartDebugging"),
    requirePulumiVersion: unimplemented("RequirePulumiVersion"),
  };
  return { definition: EngineService, implementation };
}
