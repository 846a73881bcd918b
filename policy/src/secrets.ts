/**
 * Which inputs of a resource are secrets, told without reading a secret's value.
 *
 * The engine sends an analyzer a resource's inputs with their secrets kept (pkg/v3 analyzer_plugin.go marshals
 * them with KeepSecrets), each secret an object `{"4dabf18193072939515e22adb298388d":
 * "1b47061264138c4ac30d75fd1eb44270", value}`. But @pulumi/policy 1.21.0's analyzer (server.js) unwraps them
 * before a `validateResource` sees its `props`: it calls `deserializeProperties(struct, false)` of its module
 * `@pulumi/policy/deserialize`, through that module's exports object, for every request, and hands the rule the
 * result behind `unknownCheckingProxy`, whose `"__getSpecialProxyTarget"` property is that very result.
 *
 * So this module wraps that exports property (once, when the pack loads, in the analyzer's own process): each
 * result is recorded, in a WeakMap, with the paths of the secrets of the request it came from, seen by their
 * signature, the value beside it never read. A rule then asks `secretPaths(args.props)`. The facts relied on are
 * those of @pulumi/policy 1.21.0 (pinned exactly in package.json); should they change, `secretPaths` returns
 * undefined and the rule says it cannot tell (test/policy pins them on the real CLI).
 */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
const PROXY_TARGET = "__getSpecialProxyTarget";

interface Struct {
  toJavaScript(): Record<string, unknown>;
}
interface DeserializeModule {
  deserializeProperties(struct: Struct, proxySecrets: boolean): object;
  __integrationsSecretsWrapped?: true;
}

const recorded = new WeakMap<object, string[][]>();

/** The paths (each a list of keys and indexes) of the secrets in a value of the wire, their values unread. */
export function secretPathsOfWire(value: unknown, path: string[] = []): string[][] {
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => secretPathsOfWire(item, [...path, String(index)]));
  const record = value as Record<string, unknown>;
  if (record[SIG_KEY] === SECRET_SIG) return [path];
  if (typeof record[SIG_KEY] === "string") return [];
  return Object.entries(record).flatMap(([key, item]) => secretPathsOfWire(item, [...path, key]));
}

/** Wraps @pulumi/policy's deserializeProperties so that each result's secret paths are recorded (idempotent). */
export function recordSecretPaths(): void {
  const deserialize = require("@pulumi/policy/deserialize") as DeserializeModule;
  if (deserialize.__integrationsSecretsWrapped) return;
  const original = deserialize.deserializeProperties;
  deserialize.deserializeProperties = (struct: Struct, proxySecrets: boolean) => {
    const result = original(struct, proxySecrets);
    recorded.set(result, secretPathsOfWire(struct.toJavaScript()));
    return result;
  };
  deserialize.__integrationsSecretsWrapped = true;
}

/** The secret paths of a rule's `props`, or undefined when the analyzer did not say (see above). */
export function secretPaths(props: object): string[][] | undefined {
  const target = (props as Record<string, unknown>)[PROXY_TARGET];
  return recorded.get(typeof target === "object" && target !== null ? target : props);
}

/** Whether the value at `path` is a secret or within one. */
export function isSecretAt(paths: string[][], path: string[]): boolean {
  return paths.some((secret) => secret.length <= path.length && secret.every((key, i) => key === path[i]));
}
