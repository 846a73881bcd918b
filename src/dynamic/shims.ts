import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import connectedAccount = require("./providers/connected-account");
import connector = require("./providers/connector");
import integrationState = require("./providers/integration-state");
import triggerInstance = require("./providers/trigger-instance");
import triggerWebhook = require("./providers/trigger-webhook");

export type { ResourceKind } from "./shim";

type Provider = pulumi.dynamic.ResourceProvider;

/**
 * The provider objects the dynamic classes hand `pulumi.dynamic.Resource`, which serializes each into every
 * resource's state (`__provider`, in the inputs and again in the outputs: written at every step of a
 * deployment, so its size is paid for N times per step in a stack of N resources).
 *
 * Pulumi's closure serializer stores a provider that is a module's exports as a `require` of that module (about
 * 0.3 KB, where the seven methods of ./shim.ts serialized by value take about 2.8 KB): the module's path after
 * the first `node_modules` folder, seen from the program's working directory, mapped through its package's
 * `exports` by the serializer's own `getModuleFromPath`. The package exports each provider module under that
 * very path (`pulumi-integrations/dist/dynamic/providers/<kind>.js`), so the name is the same whether or not
 * the serializer finds the package's package.json. Pulumi's dynamic-provider host requires it from the
 * program's directory, as it requires the entry the methods call.
 *
 * Where that `require` would not load this very module (the package outside any node_modules or linked from
 * elsewhere, a layout where the name reaches another copy of the package), or the serializer's function is
 * not where this version of `@pulumi/pulumi` has it, the provider is handed over as a plain copy of the module's
 * exports, which the serializer serializes by value, as every earlier version did.
 */
export function serializable(provider: Provider, file: string, cwd: string = process.cwd()): Provider {
  try {
    const name = serializedModuleName(file, cwd);
    // Resolved as the host's serialized module resolves it: from the program's directory, not from this package.
    if (name !== undefined && createRequire(join(cwd, "noop.js")).resolve(name) === file) return provider;
  } catch {
    // A name that does not resolve, or no such helper in this @pulumi/pulumi: serialized by value.
  }
  return { ...provider };
}

/**
 * The name the closure serializer requires a module by when a captured value is its exports, seen from `cwd`;
 * undefined when it serializes the value instead (a module outside any node_modules folder).
 */
export function serializedModuleName(file: string, cwd: string): string | undefined {
  const parts = relative(cwd, file).split(sep);
  const at = parts.indexOf("node_modules");
  if (at < 0) return undefined;
  const { getModuleFromPath } = require("@pulumi/pulumi/runtime/closure/package") as {
    getModuleFromPath(path: string): string;
  };
  return getModuleFromPath(parts.slice(at + 1).join("/"));
}

// Each object is decided once, at module load: the SDK caches a provider's serialization per object.
export const connectorProvider = serializable(connector, require.resolve("./providers/connector"));
export const integrationStateProvider = serializable(
  integrationState,
  require.resolve("./providers/integration-state"),
);
export const connectedAccountProvider = serializable(
  connectedAccount,
  require.resolve("./providers/connected-account"),
);
export const triggerInstanceProvider = serializable(
  triggerInstance,
  require.resolve("./providers/trigger-instance"),
);
export const triggerWebhookProvider = serializable(
  triggerWebhook,
  require.resolve("./providers/trigger-webhook"),
);
