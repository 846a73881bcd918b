/**
 * Property paths of the `ignoreChanges` and `replaceOnChanges` resource options: `a`, `a.b`, `a[0]`,
 * `a["b.c"]`, and `*` for every top-level property (a subset of resource.PropertyPath in pulumi/pulumi).
 */
import { isPropertyMap, isSecret, makeSecret, type PropertyMap, type PropertyValue } from "./properties";

type Segment = string | number;

export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /\[(\d+)\]|\["([^"]*)"\]|([^.[\]]+)/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(Number(match[1]));
    else segments.push(match[2] ?? match[3] ?? "");
  }
  return segments;
}

/**
 * Copies the old value of every ignored path into the new inputs (or drops it when the old inputs had
 * none), so that the provider sees no change there: processIgnoreChanges in pulumi/pulumi
 * pkg/resource/deploy/step_generator.go.
 */
export function applyIgnoreChanges(
  news: PropertyMap,
  olds: PropertyMap,
  paths: readonly string[],
): PropertyMap {
  let result = news;
  for (const path of paths) {
    if (path === "*") {
      result = { ...olds };
      continue;
    }
    const segments = parsePath(path);
    const updated = setPath(result, segments, getPath(olds, segments));
    result = isPropertyMap(updated) ? updated : {};
  }
  return result;
}

/** True when one of the changed top-level keys is covered by a `replaceOnChanges` path. */
export function matchesReplaceOnChanges(changed: readonly string[], paths: readonly string[]): string[] {
  const roots = new Set(paths.map((path) => (path === "*" ? "*" : String(parsePath(path)[0]))));
  return changed.filter((key) => roots.has("*") || roots.has(key));
}

function getPath(value: PropertyValue | undefined, segments: readonly Segment[]): PropertyValue | undefined {
  let current = value;
  for (const segment of segments) {
    if (isSecret(current)) current = current.value;
    if (typeof segment === "number" && Array.isArray(current)) current = current[segment];
    else if (typeof segment === "string" && isPropertyMap(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

function setPath(
  value: PropertyValue | undefined,
  segments: readonly Segment[],
  replacement: PropertyValue | undefined,
): PropertyValue | undefined {
  const [head, ...rest] = segments;
  if (head === undefined) return replacement;
  if (isSecret(value)) return makeSecret(setPath(value.value, segments, replacement) ?? null);
  if (typeof head === "number") {
    if (!Array.isArray(value)) return value;
    const copy = [...value];
    const inner = setPath(copy[head], rest, replacement);
    if (inner === undefined) copy.splice(head, 1);
    else copy[head] = inner;
    return copy;
  }
  if (value !== undefined && !isPropertyMap(value)) return value;
  const base: PropertyMap = { ...value };
  const inner = setPath(base[head], rest, replacement);
  if (inner === undefined) delete base[head];
  else base[head] = inner;
  return value === undefined && Object.keys(base).length === 0 ? undefined : base;
}
