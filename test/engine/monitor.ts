/**
 * The ResourceMonitor service the program talks to (proto/pulumi/resource.proto). It turns requests into
 * plain registrations for the deployment and answers the way pulumi/pulumi
 * pkg/resource/deploy/source_eval.go does; what the test engine does not do answers UNIMPLEMENTED.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { IResourceMonitorServer } from "@pulumi/pulumi/proto/resource_grpc_pb";
import { ResourceMonitorService } from "@pulumi/pulumi/proto/resource_grpc_pb";
import {
  ReadResourceResponse,
  RegisterResourceResponse,
  Result,
  SupportsFeatureResponse,
} from "@pulumi/pulumi/proto/resource_pb";
import type { Alias } from "@pulumi/pulumi/proto/alias_pb";
import type { ServiceBinding } from "./grpc-server";
import { unary, unimplemented } from "./grpc-server";
import { mapToStruct, structToMap } from "./properties";
import type { PropertyMap } from "./properties";

export interface Registration {
  type: string;
  name: string;
  parent: string;
  custom: boolean;
  inputs: PropertyMap;
  /** An explicit provider reference; empty means the default provider. */
  provider: string;
  dependencies: string[];
  propertyDependencies: Record<string, string[]>;
  /** Undefined unless the program set the option. */
  deleteBeforeReplace: boolean | undefined;
  ignoreChanges: string[];
  replaceOnChanges: string[];
  additionalSecretOutputs: string[];
  importId: string;
  remote: boolean;
  /** Undefined unless the program set the option. */
  protect: boolean | undefined;
  retainOnDelete: boolean | undefined;
  aliases: AliasRef[];
}

/** An alias as the SDK sends it when the monitor supports `aliasSpecs` (proto/pulumi/alias.proto). */
export type AliasRef =
  | { urn: string }
  | { name: string; type: string; stack: string; project: string; parentUrn: string; noParent: boolean };

export interface ReadRegistration {
  type: string;
  name: string;
  parent: string;
  id: string;
  properties: PropertyMap;
  provider: string;
  dependencies: string[];
  additionalSecretOutputs: string[];
}

export interface RegistrationResult {
  urn: string;
  /** Empty for components and for resources to be created in a preview (an unknown id). */
  id: string;
  outputs: PropertyMap;
}

export interface MonitorHandler {
  registerResource(registration: Registration): Promise<RegistrationResult>;
  readResource(registration: ReadRegistration): Promise<RegistrationResult>;
  registerResourceOutputs(urn: string, outputs: PropertyMap): Promise<void>;
}

/**
 * `secrets`, and `aliasSpecs` (as the CLI: without it the SDK drops every alias that is not a URN
 * string). Without resourceReferences/outputValues the SDK sends references as URNs/ids and plain
 * values, which is all a dynamic provider understands anyway.
 */
const supportedFeatures = new Set(["secrets", "aliasSpecs"]);

export function resourceMonitorService(handler: MonitorHandler): ServiceBinding {
  const implementation: IResourceMonitorServer = {
    supportsFeature: unary(async (request) =>
      new SupportsFeatureResponse().setHassupport(supportedFeatures.has(request.getId())),
    ),
    registerResource: unary(async (request) => {
      const propertyDependencies: Record<string, string[]> = {};
      for (const [key, deps] of request.getPropertydependenciesMap().entries()) {
        propertyDependencies[key] = deps.getUrnsList();
      }
      const result = await handler.registerResource({
        type: request.getType(),
        name: request.getName(),
        parent: request.getParent(),
        custom: request.getCustom(),
        inputs: structToMap(request.getObject()),
        provider: request.getProvider(),
        dependencies: request.getDependenciesList(),
        propertyDependencies,
        deleteBeforeReplace: request.getDeletebeforereplacedefined()
          ? request.getDeletebeforereplace()
          : undefined,
        ignoreChanges: request.getIgnorechangesList(),
        replaceOnChanges: request.getReplaceonchangesList(),
        additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
        importId: request.getImportid(),
        remote: request.getRemote(),
        protect: request.hasProtect() ? request.getProtect() : undefined,
        retainOnDelete: request.hasRetainondelete() ? request.getRetainondelete() : undefined,
        aliases: [
          ...request.getAliasurnsList().map((urn) => ({ urn })),
          ...request.getAliasesList().map(aliasRef),
        ],
      });
      return new RegisterResourceResponse()
        .setUrn(result.urn)
        .setId(result.id)
        .setObject(mapToStruct(result.outputs))
        .setResult(Result.SUCCESS);
    }),
    readResource: unary(async (request) => {
      const result = await handler.readResource({
        type: request.getType(),
        name: request.getName(),
        parent: request.getParent(),
        id: request.getId(),
        properties: structToMap(request.getProperties()),
        provider: request.getProvider(),
        dependencies: request.getDependenciesList(),
        additionalSecretOutputs: request.getAdditionalsecretoutputsList(),
      });
      return new ReadResourceResponse().setUrn(result.urn).setProperties(mapToStruct(result.outputs));
    }),
    registerResourceOutputs: unary(async (request) => {
      await handler.registerResourceOutputs(request.getUrn(), structToMap(request.getOutputs()));
      return new Empty();
    }),
    // Deletions run after the program has exited, so there is nothing to wait for here.
    signalAndWaitForShutdown: unary(async () => new Empty()),
    getDeploymentInfo: unimplemented("GetDeploymentInfo"),
    invoke: unimplemented("Invoke"),
    call: unimplemented("Call"),
    registerStackTransform: unimplemented("RegisterStackTransform"),
    registerStackInvokeTransform: unimplemented("RegisterStackInvokeTransform"),
    registerResourceHook: unimplemented("RegisterResourceHook"),
    registerErrorHook: unimplemented("RegisterErrorHook"),
    registerPackage: unimplemented("RegisterPackage"),
  };
  return { definition: ResourceMonitorService, implementation };
}

function aliasRef(alias: Alias): AliasRef {
  const spec = alias.getSpec();
  if (!spec) return { urn: alias.getUrn() };
  return {
    name: spec.getName(),
    type: spec.getType(),
    stack: spec.getStack(),
    project: spec.getProject(),
    parentUrn: spec.getParenturn(),
    noParent: spec.getNoparent(),
  };
}
