import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import * as provider from "@pulumi/pulumi/proto/provider_pb";
import * as status from "@pulumi/pulumi/proto/status_pb";
import { PartialCreateError } from "../resources/shared/errors";
import { toStruct, type Props } from "./properties";

/**
 * A handler's error as the engine takes it. Its message is the one readable line the handlers give every
 * error (../resources/shared/errors.ts); no stack trace is sent. A partial create (the object exists, a
 * later step failed) carries ErrorResourceInitFailed in the status details, as the dynamic provider's host
 * sends it, so the engine keeps the object in state (with its id, outputs and inputs) instead of losing it.
 */
export function grpcError(
  error: unknown,
  partial?: { properties(error: PartialCreateError): Props; inputs: Props },
): Partial<grpc.StatusObject> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof PartialCreateError && partial) {
    const detail = new provider.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(partial.properties(error)));
    detail.setInputs(toStruct(partial.inputs));
    detail.setReasonsList(error.reasons);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const details = new status.Status();
    details.setCode(grpc.status.UNKNOWN);
    details.setMessage(message);
    details.addDetails(any);
    // The Go side (grpc-go) reads structured details from this trailer.
    metadata.add("grpc-status-details-bin", Buffer.from(details.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}
