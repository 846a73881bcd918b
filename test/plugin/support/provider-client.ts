/**
 * A client of the plugin's gRPC service, speaking as the engine does: Structs of property values, secrets
 * wrapped, unknowns as the sentinel string.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as plugin from "@pulumi/pulumi/proto/plugin_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provider from "@pulumi/pulumi/proto/provider_pb";
import * as status from "@pulumi/pulumi/proto/status_pb";
import { SECRET_VALUE, SPECIAL_SIG } from "../../../src/plugin/properties";

export type Props = Record<string, unknown>;

export const secret = (value: unknown): Props => ({ [SPECIAL_SIG]: SECRET_VALUE, value });

/** A Struct of the values; an undefined value is left out, as the engine has no such value. */
export const struct = (props: Props): Struct =>
  Struct.fromJavaScript(JSON.parse(JSON.stringify(props)) as Record<string, never>);

export const plain = (value: Struct | undefined): Props => (value ? (value.toJavaScript() as Props) : {});

export class ProviderClient {
  readonly raw: providerGrpc.ResourceProviderClient;

  constructor(port: number) {
    this.raw = new providerGrpc.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
    );
  }

  /** A unary call by its method's name (the stubs' overloads defeat inference; the caller names the answer). */
  call<Response>(method: keyof providerGrpc.IResourceProviderClient, request: unknown): Promise<Response> {
    const unary = this.raw[method] as unknown as (
      request: unknown,
      callback: (error: grpc.ServiceError | null, response: Response) => void,
    ) => unknown;
    return new Promise((resolve, reject) =>
      unary.call(this.raw, request, (error, response) => (error ? reject(error) : resolve(response))),
    );
  }

  getPluginInfo() {
    return this.call<plugin.PluginInfo>("getPluginInfo", new Empty());
  }

  configure(args: Props) {
    return this.call<provider.ConfigureResponse>(
      "configure",
      new provider.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true).setAcceptresources(true),
    );
  }

  check(urn: string, olds: Props, news: Props, autonaming?: provider.CheckRequest.AutonamingOptions) {
    const request = new provider.CheckRequest()
      .setUrn(urn)
      .setName(urn.split("::").pop()!)
      .setType(urn.split("::")[2]!)
      .setOlds(struct(olds))
      .setNews(struct(news));
    if (autonaming) request.setAutonaming(autonaming);
    return this.call<provider.CheckResponse>("check", request);
  }

  diff(urn: string, id: string, olds: Props, news: Props, oldInputs: Props = {}) {
    return this.call<provider.DiffResponse>(
      "diff",
      new provider.DiffRequest()
        .setUrn(urn)
        .setId(id)
        .setOlds(struct(olds))
        .setNews(struct(news))
        .setOldInputs(struct(oldInputs)),
    );
  }

  create(urn: string, properties: Props) {
    return this.call<provider.CreateResponse>(
      "create",
      new provider.CreateRequest().setUrn(urn).setProperties(struct(properties)),
    );
  }

  read(urn: string, id: string, properties: Props = {}, inputs: Props = {}) {
    return this.call<provider.ReadResponse>(
      "read",
      new provider.ReadRequest()
        .setUrn(urn)
        .setId(id)
        .setProperties(struct(properties))
        .setInputs(struct(inputs)),
    );
  }

  update(urn: string, id: string, olds: Props, news: Props) {
    return this.call<provider.UpdateResponse>(
      "update",
      new provider.UpdateRequest().setUrn(urn).setId(id).setOlds(struct(olds)).setNews(struct(news)),
    );
  }

  delete(urn: string, id: string, properties: Props) {
    return this.call<Empty>(
      "delete",
      new provider.DeleteRequest().setUrn(urn).setId(id).setProperties(struct(properties)),
    );
  }

  invoke(tok: string, args: Props) {
    return this.call<provider.InvokeResponse>(
      "invoke",
      new provider.InvokeRequest().setTok(tok).setArgs(struct(args)),
    );
  }

  close(): void {
    this.raw.close();
  }
}

/** The ErrorResourceInitFailed a partial create's error carries, if it does. */
export function initFailureOf(error: grpc.ServiceError): provider.ErrorResourceInitFailed | undefined {
  const [bytes] = error.metadata?.get("grpc-status-details-bin") ?? [];
  if (!bytes) return undefined;
  const details = status.Status.deserializeBinary(new Uint8Array(bytes as Buffer));
  const any = details.getDetailsList()[0];
  return (
    any?.unpack(provider.ErrorResourceInitFailed.deserializeBinary, "pulumirpc.ErrorResourceInitFailed") ??
    undefined
  );
}
