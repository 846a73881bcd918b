import { randomUUID } from "node:crypto";
import { z } from "zod";
import { withoutUndefined } from "../resources/shared/values";
import { PACKAGE_NAME, PLUGIN_DOWNLOAD_URL, tokenOf } from "./resources";

/**
 * Moves a stack's dynamic resources (`pulumi-nodejs:dynamic/integrations:<Kind>`) to the plugin's
 * (`integrations:index:<Kind>`) in its exported state, touching no remote object: the two front ends call the
 * same handlers and store the same inputs and outputs (but for the copies of inputs the dynamic provider keeps
 * in the outputs, which the plugin reads where state holds them: ./input-copies.ts), so a resource's state
 * stays valid once its type, URN and provider say "plugin". What changes:
 * - each resource's type and URN (and every reference to its URN: parents, dependencies, property
 *   dependencies, deletedWith), its serialized provider (`__provider`) dropped from inputs and outputs;
 * - its provider: the plugin's default provider of `version`, added with the account the dynamic provider
 *   had (the stack's `integrations:*` config, secrets still encrypted as the state held them), so the next
 *   deployment finds it unchanged;
 * - the dynamic default provider, once nothing uses it.
 * `pulumi import` cannot do this: a read by id cannot return what the service never shows (a connector's
 * client_secret, an account's credentials), so the next `up` would write them again, and a ConnectedAccount
 * would be replaced.
 */
export function migrateFromDynamic(
  exported: unknown,
  version: string,
  pluginDownloadURL: string = PLUGIN_DOWNLOAD_URL,
): ExportedState {
  const state = exportedStateSchema.parse(exported);
  const resources = state.deployment.resources ?? [];
  const movable = resources.filter((resource) => kindOf(resource.type) !== undefined);
  if (movable.length === 0)
    throw new MigrationError("the state has no dynamic resource of pulumi-integrations");
  refusePending(state, movable);
  refuseConnections(movable);

  const oldProviders = new Set(movable.map((resource) => providerUrnOf(resource)));
  if (oldProviders.size !== 1) {
    throw new MigrationError(
      `the resources use ${oldProviders.size} dynamic providers; the migration moves those of one default provider only`,
    );
  }
  const [oldProviderRef] = movable.map((resource) => resource.provider!);
  const oldProvider = resources.find((resource) => providerRefOf(resource) === oldProviderRef);
  if (oldProvider === undefined)
    throw new MigrationError(`the provider ${oldProviderRef} is not in the state`);

  const newProvider = pluginProvider(oldProvider, version, pluginDownloadURL);
  const newProviderRef = providerRefOf(newProvider);
  const renamed = new Map(movable.map((resource) => [resource.urn, pluginUrn(resource)]));
  const rename = (urn: string) => renamed.get(urn) ?? urn;

  const moved: Resource[] = resources.map((resource): Resource => {
    const references = {
      ...resource,
      parent: resource.parent === undefined ? undefined : rename(resource.parent),
      dependencies: resource.dependencies?.map(rename),
      propertyDependencies:
        resource.propertyDependencies === undefined
          ? undefined
          : Object.fromEntries(
              Object.entries(resource.propertyDependencies)
                .filter(([key]) => key !== SERIALIZED_PROVIDER)
                .map(([key, urns]) => [key, urns.map(rename)]),
            ),
      deletedWith: resource.deletedWith === undefined ? undefined : rename(resource.deletedWith),
    };
    const kind = kindOf(resource.type);
    if (kind === undefined) return withoutUndefined(references);
    return withoutUndefined({
      ...references,
      urn: rename(resource.urn),
      type: tokenOf({ name: kind }),
      provider: newProviderRef,
      inputs: withoutSerializedProvider(resource.inputs),
      outputs: withoutSerializedProvider(resource.outputs),
    });
  });

  // A provider must come before the resources that use it; the dynamic one goes once nothing uses it.
  const firstMoved = resources.findIndex((resource) => kindOf(resource.type) !== undefined);
  moved.splice(firstMoved, 0, newProvider);
  const stillUsed = moved.some((resource) => resource.provider === oldProviderRef);
  const kept = stillUsed ? moved : moved.filter((resource) => providerRefOf(resource) !== oldProviderRef);
  return { ...state, deployment: { ...state.deployment, resources: kept } };
}

/** A state the migration cannot move safely, with what to do instead. */
export class MigrationError extends Error {
  constructor(reason: string) {
    super(`cannot migrate this state: ${reason}`);
    this.name = "MigrationError";
  }
}

const DYNAMIC_TYPE = /^pulumi-nodejs:dynamic\/integrations:(\w+)$/;
const KINDS = ["Connector", "IntegrationState", "ConnectedAccount", "TriggerInstance", "TriggerWebhook"];
const SERIALIZED_PROVIDER = "__provider";

const resourceSchema = z.looseObject({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  custom: z.boolean().optional(),
  provider: z.string().optional(),
  parent: z.string().optional(),
  dependencies: z.array(z.string()).optional(),
  propertyDependencies: z.record(z.string(), z.array(z.string())).optional(),
  deletedWith: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});
type Resource = z.infer<typeof resourceSchema>;

const exportedStateSchema = z.looseObject({
  version: z.literal(3, { error: "expected the output of `pulumi stack export` (version 3)" }),
  deployment: z.looseObject({
    resources: z.array(resourceSchema).optional(),
    pending_operations: z.array(z.looseObject({ resource: resourceSchema })).optional(),
  }),
});
export type ExportedState = z.infer<typeof exportedStateSchema>;

function kindOf(type: string): string | undefined {
  const kind = DYNAMIC_TYPE.exec(type)?.[1];
  return kind !== undefined && KINDS.includes(kind) ? kind : undefined;
}

function refusePending(state: ExportedState, movable: Resource[]): void {
  const urns = new Set(movable.map((resource) => resource.urn));
  const pending = (state.deployment.pending_operations ?? []).filter((operation) =>
    urns.has(operation.resource.urn),
  );
  if (pending.length > 0) {
    throw new MigrationError(
      `operations are pending on ${pending.map((operation) => operation.resource.urn).join(", ")}: ` +
        "settle them first (`pulumi refresh --clear-pending-creates`, then adopt or delete what they made)",
    );
  }
}

/** A per-resource account has no place in the plugin's schema: there it is an explicit provider. */
function refuseConnections(movable: Resource[]): void {
  const withConnection = movable.filter((resource) => resource.inputs?.connection !== undefined);
  if (withConnection.length > 0) {
    throw new MigrationError(
      `${withConnection.map((resource) => resource.urn).join(", ")} use the \`connection\` input, which the ` +
        "plugin replaces with explicit providers (`new integrations.Provider(...)`): move them with " +
        "`pulumi state delete` and `pulumi import` under such a provider",
    );
  }
}

function providerUrnOf(resource: Resource): string {
  if (resource.provider === undefined) throw new MigrationError(`${resource.urn} names no provider`);
  return resource.provider.slice(0, resource.provider.lastIndexOf("::"));
}

function providerRefOf(resource: Resource): string {
  return `${resource.urn}::${resource.id ?? ""}`;
}

/** urn:pulumi:<stack>::<project>::<type chain>::<name>, with this resource's own type swapped. */
function pluginUrn(resource: Resource): string {
  const [stack, project, typeChain, ...name] = resource.urn.split("::");
  const types = typeChain.split("$");
  types[types.length - 1] = tokenOf({ name: kindOf(resource.type)! });
  return [stack, project, types.join("$"), ...name].join("::");
}

/**
 * The plugin's default provider as the engine registers it for a program on the SDK: named for the plugin's
 * version and download URL, its inputs the stack's `integrations:*` config (the dynamic provider held the
 * whole stack config) plus the `version` and `pluginDownloadURL` the SDK's default resource options carry, as
 * the engine stores them.
 */
function pluginProvider(dynamicProvider: Resource, version: string, pluginDownloadURL: string): Resource {
  const [stack, project] = dynamicProvider.urn.split("::");
  const config = Object.fromEntries(
    Object.entries(dynamicProvider.inputs ?? {})
      .filter(([key]) => key.startsWith(`${PACKAGE_NAME}:`))
      .map(([key, value]) => [key.slice(PACKAGE_NAME.length + 1), value]),
  );
  // The engine keeps the download URL under `__internal`, where it finds it to load the plugin for a refresh
  // or a destroy, which do not run the program.
  const inputs = {
    ...config,
    version,
    ...(pluginDownloadURL === "" ? {} : { __internal: { pluginDownloadURL } }),
  };
  return {
    urn: [
      stack,
      project,
      `pulumi:providers:${PACKAGE_NAME}`,
      defaultProviderName(version, pluginDownloadURL),
    ].join("::"),
    custom: true,
    id: randomUUID(),
    type: `pulumi:providers:${PACKAGE_NAME}`,
    inputs,
    outputs: inputs,
  };
}

/**
 * The engine's name for a default provider: `default`, the version's parts joined by `_`, then the download
 * URL with each `/`-separated segment's characters outside `[A-Za-z0-9_.-]` made `_` and empty segments
 * dropped (`github://api.github.com/o/r` -> `github_/api.github.com/o/r`).
 */
export function defaultProviderName(version: string, pluginDownloadURL: string): string {
  const parts = /^v?(\d+)\.(\d+)\.(\d+)(?:-([^+]+))?(?:\+(.+))?$/.exec(version);
  if (parts === null) throw new MigrationError(`the plugin version "${version}" is not a semantic version`);
  const [, major, minor, patch, pre, build] = parts;
  const segments = [major, minor, patch, ...(pre?.split(".") ?? []), ...(build?.split(".") ?? [])];
  const url = pluginDownloadURL
    .replace(/\/+$/, "")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replace(/[^A-Za-z0-9_.-]/g, "_"))
    .join("/");
  return ["default", ...segments, ...(url === "" ? [] : [url])].join("_");
}

function withoutSerializedProvider(props: Record<string, unknown> | undefined) {
  if (props === undefined) return undefined;
  const { [SERIALIZED_PROVIDER]: _serialized, ...rest } = props;
  return rest;
}
