/**
 * Property values as they travel between the program, the engine and the provider: plain JSON where a
 * secret is the object `{ [specialSigKey]: secretSig, value }` and an unknown (preview only) is the
 * string `unknownValue`. The constants are those of @pulumi/pulumi/runtime/rpc.js (and
 * sdk/go/common/resource/sig in pulumi/pulumi).
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

export const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
export const specialSigKey = "4dabf18193072939515e22adb298388d";
export const secretSig = "1b47061264138c4ac30d75fd1eb44270";

export type PropertyValue = null | boolean | number | string | PropertyValue[] | PropertyMap;
export interface PropertyMap {
  [key: string]: PropertyValue;
}

export interface SecretValue {
  [specialSigKey]: typeof secretSig;
  value: PropertyValue;
}

export function isPropertyMap(value: PropertyValue | undefined): value is PropertyMap {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isSecret(value: PropertyValue | undefined): value is PropertyMap & SecretValue {
  return isPropertyMap(value) && value[specialSigKey] === secretSig;
}

export function makeSecret(value: PropertyValue): PropertyValue {
  return isSecret(value) ? value : { [specialSigKey]: secretSig, value: unwrapSecrets(value) };
}

/** Removes every secret marker, at any depth: what a provider with acceptSecrets=false must receive. */
export function unwrapSecrets(value: PropertyValue): PropertyValue {
  if (isSecret(value)) return unwrapSecrets(value.value ?? null);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (isPropertyMap(value)) return mapValues(value, unwrapSecrets);
  return value;
}

export function unwrapMap(map: PropertyMap): PropertyMap {
  return mapValues(map, unwrapSecrets);
}

export function containsSecrets(value: PropertyValue): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  if (isPropertyMap(value)) return Object.values(value).some(containsSecrets);
  return false;
}

export function containsUnknowns(value: PropertyValue): boolean {
  if (value === unknownValue) return true;
  if (Array.isArray(value)) return value.some(containsUnknowns);
  if (isPropertyMap(value)) return Object.values(value).some(containsUnknowns);
  return false;
}

/**
 * Marks `outs[k]` secret wherever `ins[k]` was secret, recursing into objects present on both sides: what
 * the engine does for a provider that answered acceptSecrets=false (annotateSecrets in pulumi/pulumi
 * pkg/resource/plugin/provider_plugin.go).
 */
export function annotateSecrets(outs: PropertyMap, ins: PropertyMap): PropertyMap {
  const result: PropertyMap = { ...outs };
  for (const [key, inValue] of Object.entries(ins)) {
    const outValue = result[key];
    if (outValue === undefined) continue;
    if (isSecret(inValue)) {
      result[key] = makeSecret(outValue);
    } else if (isPropertyMap(inValue) && isPropertyMap(outValue) && !isSecret(outValue)) {
      result[key] = annotateSecrets(outValue, inValue);
    }
  }
  return result;
}

/** Marks the named top-level outputs secret (the `additionalSecretOutputs` resource option). */
export function markSecretKeys(outs: PropertyMap, keys: readonly string[]): PropertyMap {
  const result: PropertyMap = { ...outs };
  for (const key of keys) {
    const value = result[key];
    if (value !== undefined) result[key] = makeSecret(value);
  }
  return result;
}

/** Deep equality of two values, secret markers ignored (a value that only became secret is not a change). */
export function valuesEqual(a: PropertyValue | undefined, b: PropertyValue | undefined): boolean {
  const left = a === undefined ? undefined : unwrapSecrets(a);
  const right = b === undefined ? undefined : unwrapSecrets(b);
  return JSON.stringify(sortKeys(left)) === JSON.stringify(sortKeys(right));
}

/** Top-level keys whose values differ; an unknown new value always counts as a change. */
export function changedKeys(olds: PropertyMap, news: PropertyMap): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  return [...keys]
    .filter((key) => {
      const next = news[key];
      if (next !== undefined && containsUnknowns(next)) return true;
      return !valuesEqual(olds[key], next);
    })
    .sort();
}

export function structToMap(struct: Struct | undefined): PropertyMap {
  if (!struct) return {};
  const value = toPropertyValue(struct.toJavaScript());
  if (!isPropertyMap(value)) throw new Error("expected a protobuf Struct to hold an object");
  return value;
}

export function mapToStruct(map: PropertyMap): Struct {
  return Struct.fromJavaScript(map);
}

/** Checks a value decoded from the wire (Struct.toJavaScript or JSON.parse) is a JSON value. */
export function toPropertyValue(value: unknown): PropertyValue {
  if (
    value === null ||
    typeof value === "boolean" ||
    typeof value === "number" ||
    typeof value === "string"
  ) {
    return value;
  }
  if (Array.isArray(value)) return value.map(toPropertyValue);
  if (typeof value === "object") {
    const result: PropertyMap = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner !== undefined) result[key] = toPropertyValue(inner);
    }
    return result;
  }
  throw new Error(`not a JSON value: ${typeof value}`);
}

function mapValues(map: PropertyMap, fn: (value: PropertyValue) => PropertyValue): PropertyMap {
  const result: PropertyMap = {};
  for (const [key, value] of Object.entries(map)) result[key] = fn(value);
  return result;
}

function sortKeys(value: PropertyValue | undefined): PropertyValue | undefined {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item) ?? null);
  if (isPropertyMap(value)) {
    const result: PropertyMap = {};
    for (const key of Object.keys(value).sort()) result[key] = sortKeys(value[key]) ?? null;
    return result;
  }
  return value;
}
